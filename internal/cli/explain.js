(function () {
  "use strict";
  function clear() {
    document.querySelectorAll(".line.hl").forEach(function (e) { e.classList.remove("hl"); });
    document.querySelectorAll(".node.selected").forEach(function (e) { e.classList.remove("selected"); });
  }
  function lineOf(file, line) {
    return document.getElementById("f" + file + "-L" + line);
  }
  document.querySelectorAll(".node[data-line]").forEach(function (node) {
    node.addEventListener("click", function () {
      clear();
      node.classList.add("selected");
      var el = lineOf(node.dataset.file, node.dataset.line);
      if (el) {
        el.classList.add("hl");
        el.scrollIntoView({ block: "center" });
      }
    });
  });
  document.querySelectorAll(".line").forEach(function (line) {
    line.addEventListener("click", function () {
      clear();
      line.classList.add("hl");
      var sel = '.node[data-file="' + line.dataset.file + '"][data-line="' + line.dataset.line + '"]';
      var first = null;
      document.querySelectorAll(sel).forEach(function (n) {
        n.classList.add("selected");
        first = first || n;
      });
      if (first) { first.scrollIntoView({ block: "center", inline: "center" }); }
    });
  });
})();
