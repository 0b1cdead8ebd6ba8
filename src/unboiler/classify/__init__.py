"""The trainable block classifier: features (:mod:`.features`), the model file and the
classifier stage (:mod:`.model`), and training (:mod:`.train`, needs scikit-learn)."""
