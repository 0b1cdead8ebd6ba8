// The visual page of `unboiler serve`: sends the pasted page to POST /explain and shows
// the answer.  Page text is only ever set with textContent, never parsed as HTML here;
// the annotated page goes into a sandboxed iframe (no scripts) as srcdoc.
"use strict";

const $ = (id) => document.getElementById(id);
let result = null;   // the last answer of /explain
let sentPage = null; // what the last /explain was sent, for /segment
let segments = null; // the last answer of /segment (or its error message)
let pageFile = null; // a chosen file, sent as it is (the server reads its charset, gzip)
let view = "view-a";
let tab = "text";

function fmt(x, digits) { return x === null || x === undefined ? "–" : Number(x).toFixed(digits); }

async function loadExtractors() {
  const response = await fetch("/extractors");
  const list = await response.json();
  for (const select of [$("extractor"), $("compare")]) {
    for (const item of list) {
      const option = document.createElement("option");
      option.value = item.name;
      option.textContent = item.name;
      option.title = item.description;
      select.appendChild(option);
    }
  }
  $("extractor").value = "default";
  $("compare").value = "boilerpipe-article";
}

function side(which) { return which === "b" && result && result.compare ? result.compare : result; }

function describe(index) {
  const lines = [];
  for (const [name, data] of [["A", result], ["B", result && result.compare]]) {
    if (!data) continue;
    const block = data.blocks[index];
    if (!block) continue;
    const head = `${name} · ${data.extractor}: ${block.kept ? "KEPT" : "DROPPED"} — ${block.reason}`;
    lines.push(head);
    if (name === "A") {
      lines.push(`#${block.index}  words ${block.num_words}  linked words ${block.num_linked_words}` +
        `  link density ${fmt(block.link_density, 2)}  text density ${fmt(block.text_density, 1)}` +
        `  tag level ${block.tag_level}`);
      lines.push(`tag path ${block.tag_path}`);
      if (block.labels.length) lines.push(`labels ${block.labels.join(", ")}`);
    }
    if (block.probability !== null && block.probability !== undefined) {
      const top = block.features.map((f) => `${f.name}=${fmt(f.value, 2)} (${f.weight >= 0 ? "+" : ""}${fmt(f.weight, 2)})`);
      lines.push(`  p(content) ${fmt(block.probability, 3)}; top features: ${top.join(", ")}`);
      const context = block.context.map((f) => `${f.name} (${f.weight >= 0 ? "+" : ""}${fmt(f.weight, 2)})`);
      if (context.length) lines.push(`  second stage: ${context.join(", ")}`);
    }
    const steps = block.steps.map((s) => `${s.filter}: ${s.change}`);
    if (steps.length) lines.push(`  steps: ${steps.join(" → ")}`);
  }
  if (result && result.blocks[index]) lines.push(`“${result.blocks[index].text.slice(0, 300)}”`);
  return lines.join("\n");
}

function hook(frame) {
  let doc = null;
  try { doc = frame.contentDocument; } catch (error) { doc = null; }
  if (!doc || !doc.body) return;
  doc.body.className = view;
  let last = null;
  doc.addEventListener("mouseover", (event) => {
    const element = event.target.closest ? event.target.closest("[data-ub]") : null;
    if (!element || element === last) return;
    if (last) last.classList.remove("ub-hover");
    last = element;
    element.classList.add("ub-hover");
    const indices = element.getAttribute("data-ub").split(" ").map(Number);
    $("details").textContent = indices.map(describe).join("\n\n");
  });
}

function setView(next) {
  view = next;
  for (const id of ["view-a", "view-b", "view-diff"]) $(id).classList.toggle("active", id === next);
  const frame = $("page");
  let doc = null;
  try { doc = frame.contentDocument; } catch (error) { doc = null; }
  if (doc && doc.body && result) doc.body.className = view;
  showText();
}

async function loadSegments() {
  // The page as Chromium lays it out, segmented by VIPS (POST /segment); 501 without the
  // visual extra.  Asked for once per page, when the tab is first opened.
  segments = { structure: ["segmenting in the browser…"], png: null };
  showText();
  try {
    const response = await fetch(sentPage.path, {
      method: "POST", headers: { "Content-Type": sentPage.type }, body: sentPage.body,
    });
    const data = await response.json();
    segments = response.ok ? data
      : { structure: [`${response.status}: ${data.error ? data.error.message : "error"}`], png: null };
  } catch (error) {
    segments = { structure: [String(error)], png: null };
  }
  showText();
}

function showText() {
  if (!result) return;
  const data = view === "view-b" ? side("b") : result;
  const blocks = $("blocks");
  const output = $("output");
  const picture = $("segments");
  blocks.hidden = tab !== "blocks";
  output.hidden = tab === "blocks";
  picture.hidden = tab !== "segments" || !segments || !segments.png;
  if (tab === "segments") {
    if (!segments) { loadSegments(); return; }
    $("summary").textContent = "VIPS blocks, labelled with their degree of coherence (DoC)";
    output.textContent = segments.structure.join("\n");
    if (segments.png) picture.src = segments.png;
    return;
  }
  const kept = data.blocks.filter((b) => b.kept).length;
  $("summary").textContent = `${data.extractor}: ${kept} of ${data.blocks.length} blocks kept` +
    (data.page_type ? `; page type ${data.page_type}` : "") + (data.title ? `; title “${data.title}”` : "");
  if (tab === "text") output.textContent = data.text;
  else if (tab === "markdown") output.textContent = data.markdown;
  else {
    const body = blocks.querySelector("tbody");
    body.replaceChildren();
    const other = result.compare;
    for (const block of result.blocks) {
      const row = document.createElement("tr");
      const b = other ? other.blocks[block.index] : null;
      if (block.kept) row.classList.add("kept");
      if (b && b.kept !== block.kept) row.classList.add("diff");
      const cells = [block.index, block.kept ? "+" : "–", b ? (b.kept ? "+" : "–") : "",
        block.num_words, fmt(block.link_density, 2), fmt(block.text_density, 1), block.reason,
        block.text.slice(0, 120)];
      for (const value of cells) {
        const cell = document.createElement("td");
        cell.textContent = String(value);
        row.appendChild(cell);
      }
      body.appendChild(row);
    }
  }
}

async function run(event) {
  event.preventDefault();
  const html = $("html").value;
  if (!html.trim() && !pageFile) { $("status").textContent = "paste a page first"; return; }
  const request = { html, extractor: $("extractor").value };
  if ($("url").value.trim()) request.url = $("url").value.trim();
  if ($("compare-on").checked) request.compare = { extractor: $("compare").value };
  let sent;
  if (html.trim()) {
    sent = { path: "/explain", type: "application/json", body: JSON.stringify(request) };
    sentPage = { path: "/segment", type: "application/json",
      body: JSON.stringify(request.url ? { html, url: request.url } : { html }) };
  } else {
    // The file's bytes, not text read here as UTF-8: a windows-1252 or GBK page, or a
    // .html.gz, is decoded by the server as the library decodes any page.
    const query = new URLSearchParams({ extractor: request.extractor });
    if (request.url) query.set("url", request.url);
    if (request.compare) query.set("compare", request.compare.extractor);
    sent = { path: "/explain?" + query, type: "text/html", body: pageFile };
    const plain = new URLSearchParams();
    if (request.url) plain.set("url", request.url);
    sentPage = { path: "/segment?" + plain, type: "text/html", body: pageFile };
  }
  segments = null;
  $("status").textContent = "working…";
  $("run").disabled = true;
  try {
    const response = await fetch(sent.path, {
      method: "POST", headers: { "Content-Type": sent.type }, body: sent.body,
    });
    const data = await response.json();
    if (!response.ok) {
      $("status").textContent = `${response.status}: ${data.error ? data.error.message : "error"}`;
      return;
    }
    result = data;
    $("status").textContent = "";
    $("view-b").disabled = !data.compare;
    $("view-diff").disabled = !data.compare;
    if (!data.compare && view !== "view-a") view = "view-a";
    const frame = $("page");
    frame.onload = () => hook(frame);
    frame.srcdoc = data.page;
    document.body.dataset.ready = "true";
    setView(view);
  } catch (error) {
    $("status").textContent = String(error);
  } finally {
    $("run").disabled = false;
  }
}

function init() {
  loadExtractors().catch((error) => { $("status").textContent = String(error); });
  $("form").addEventListener("submit", run);
  $("file").addEventListener("change", () => {
    pageFile = $("file").files[0] || null;
    if (!pageFile) return;
    $("html").value = "";
    $("html").placeholder = `${pageFile.name} (${pageFile.size} bytes) is sent as it is; ` +
      "or paste a page's HTML here instead";
  });
  for (const button of document.querySelectorAll("[data-view]")) {
    button.addEventListener("click", () => setView(button.dataset.view));
  }
  for (const button of document.querySelectorAll("[data-tab]")) {
    button.addEventListener("click", () => {
      tab = button.dataset.tab;
      for (const other of document.querySelectorAll("[data-tab]")) other.classList.toggle("active", other === button);
      showText();
    });
  }
}

document.addEventListener("DOMContentLoaded", init);
