// errdex: the only script of the server's pages. Ctrl+Enter (or Cmd+Enter)
// in the search box submits the form; everything else works without it.
"use strict";
document.addEventListener("keydown", function (e) {
  var t = e.target;
  if (e.key === "Enter" && (e.ctrlKey || e.metaKey) && t && t.form && t.tagName === "TEXTAREA") {
    e.preventDefault();
    if (t.form.requestSubmit) { t.form.requestSubmit(); } else { t.form.submit(); }
  }
});
