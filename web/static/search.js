// errdex static search: used only by exported sites, which have no server.
// It loads search-index.json (each error's message template as literal
// parts and holes) and matches the pasted text's message lines against
// the templates, holes matching any text. It finds exact messages only;
// tracebacks are reduced to their "Type: message" lines. All output is
// built with textContent, never as HTML.
"use strict";
(function () {
  var out = document.getElementById("static-results");
  if (!out) { return; }
  var params = new URLSearchParams(window.location.search);
  var q = params.get("q");
  var box = document.getElementById("q");
  if (!q) { return; }
  if (box) { box.value = q; }
  var base = out.getAttribute("data-base") || "";

  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text) { e.textContent = text; }
    if (cls) { e.className = cls; }
    return e;
  }
  function say(text) {
    out.textContent = "";
    out.appendChild(el("p", text, "notice"));
  }
  function escapeRe(s) { return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }
  function norm(s) { return s.replace(/\s+/g, " ").trim(); }

  // The message candidates of the paste: every non-empty line, last
  // first, with a leading "pkg.Type: " moved aside.
  function candidates(text) {
    var lines = text.split(/\r?\n/), out = [];
    for (var i = lines.length - 1; i >= 0 && out.length < 40; i--) {
      var line = norm(lines[i]);
      if (!line || /^File ".*", line \d+/.test(line) || /^Traceback \(most recent call last\):$/.test(line)) { continue; }
      var m = /^([A-Za-z_][\w.]*(?:Error|Exception|Warning|Exit|Interrupt|Iteration|Fault)\w*): ([\s\S]*)$/.exec(line);
      out.push(m ? { type: m[1], msg: m[2] } : { type: "", msg: line });
    }
    return out;
  }

  function compile(entry) {
    if (entry.re) { return entry.re; }
    var src = "^", lit = 0, names = [];
    entry.t.forEach(function (p) {
      if (typeof p === "string") { src += escapeRe(norm(p)).replace(/ /g, "\\s+"); lit += p.length; }
      else { src += "([\\s\\S]*?)"; names.push(p.h); }
    });
    entry.re = new RegExp(src + "$");
    entry.lit = lit;
    entry.names = names;
    return entry.re;
  }

  function shortType(t) { var i = t.lastIndexOf("."); return i >= 0 ? t.slice(i + 1) : t; }

  function search(index, text) {
    var found = [], seen = {};
    candidates(text).forEach(function (c) {
      index.sites.forEach(function (s) {
        if (seen[s.i]) { return; }
        var m = compile(s).exec(c.msg);
        if (!m) { return; }
        seen[s.i] = true;
        var values = [];
        for (var k = 1; k < m.length; k++) { values.push([s.names[k - 1], m[k]]); }
        var score = s.lit / Math.max(c.msg.length, 1);
        if (c.type && s.e && shortType(c.type) === shortType(s.e)) { score += 0.5; }
        found.push({ site: s, values: values, score: score });
      });
    });
    found.sort(function (a, b) { return b.score - a.score; });
    return found.slice(0, 20);
  }

  function link(hit) {
    var s = hit.site;
    var u = base + "/errors/" + encodeURIComponent(s.i) + "/" + encodeURIComponent(s.s) + "/";
    return u;
  }

  function show(hits) {
    out.textContent = "";
    if (!hits.length) {
      say("No indexed message matches this text exactly. This static copy matches whole messages only; the errdex server (errdex serve) also reads tracebacks, tolerates cut or wrapped messages and ranks the candidates.");
      return;
    }
    out.appendChild(el("h2", hits.length === 1 ? "1 match" : hits.length + " matches"));
    var ol = el("ol", "", "results");
    hits.forEach(function (h) {
      var li = el("li", "", "result");
      var a = el("a", "", "title");
      a.href = link(h);
      var title = h.site.t.map(function (p) { return typeof p === "string" ? p : "{" + p.h + "}"; }).join("");
      a.textContent = title.length > 90 ? title.slice(0, title.lastIndexOf(" ", 88)) + "…" : title;
      li.appendChild(a);
      li.appendChild(el("p", (h.site.e ? h.site.e + " · " : "") + h.site.r + " · " + h.site.p + ":" + h.site.l + (h.site.f ? " in " + h.site.f : ""), "meta"));
      if (h.values.length) {
        var p = el("p", "Your values: ", "values-inline");
        h.values.forEach(function (v, i) {
          if (i) { p.appendChild(document.createTextNode(", ")); }
          p.appendChild(el("code", v[0]));
          p.appendChild(document.createTextNode(" = "));
          p.appendChild(el("mark", v[1]));
        });
        li.appendChild(p);
      }
      ol.appendChild(li);
    });
    out.appendChild(ol);
  }

  say("Searching…");
  fetch(out.getAttribute("data-index"), { credentials: "same-origin" })
    .then(function (r) { if (!r.ok) { throw new Error(r.status); } return r.json(); })
    .then(function (index) {
      var hits = search(index, q);
      if (hits.length === 1) { window.location.replace(link(hits[0])); return; }
      show(hits);
    })
    .catch(function () { say("The search index could not be loaded; search needs the errdex server (errdex serve)."); });
})();
