/* slotbook embed loader: <script src="BASE/embed.js" data-slotbook="/{calendar}/{event}" async></script>
 * Inserts an iframe of that page in embed mode after the script tag, sizes it to its content,
 * and re-dispatches the page's messages on window as CustomEvents ("slotbook:ready",
 * "slotbook:resize", "slotbook:booked"; the message is the event's detail). No dependencies. */
(function () {
  "use strict";
  var scripts = document.querySelectorAll("script[data-slotbook]");
  for (var i = 0; i < scripts.length; i += 1) mount(scripts[i]);

  function mount(script) {
    if (script.getAttribute("data-slotbook-mounted")) return;
    script.setAttribute("data-slotbook-mounted", "1");
    var origin = new URL(script.src, location.href).origin;
    var path = script.getAttribute("data-slotbook") || "/";
    if (path.charAt(0) !== "/") path = "/" + path;
    var frame = document.createElement("iframe");
    frame.src = origin + path + (path.indexOf("?") < 0 ? "?" : "&") + "embed=1";
    frame.title = script.getAttribute("data-title") || "Book a time";
    frame.style.cssText = "width:100%;border:0;display:block;min-height:320px;height:720px";
    script.parentNode.insertBefore(frame, script.nextSibling);
    window.addEventListener("message", function (event) {
      if (event.origin !== origin || event.source !== frame.contentWindow) return;
      var data = event.data;
      if (!data || typeof data.type !== "string" || data.type.indexOf("slotbook:") !== 0) return;
      if (data.type === "slotbook:resize" && typeof data.height === "number") {
        frame.style.height = Math.max(320, Math.ceil(data.height)) + "px";
      }
      window.dispatchEvent(new CustomEvent(data.type, { detail: data }));
    });
  }
})();
