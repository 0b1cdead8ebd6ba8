"""``python -m unboiler``: the command line where the ``unboiler`` script is not on the
PATH (a venv not activated, a user install, ``pipx run``), with the same commands."""

from unboiler.cli import main

if __name__ == "__main__":
    main(prog_name="unboiler")
