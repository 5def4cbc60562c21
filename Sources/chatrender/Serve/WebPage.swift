/// The page `GET /` serves: HTML, CSS and JavaScript in one document compiled into the
/// binary, fetching nothing from elsewhere (its Content-Security-Policy says so). It calls
/// the same API as programs do; user text is only ever set as text, never as markup.
enum WebPage {
  static let response: HTTPResponse = {
    var response = HTTPResponse(contentType: "text/html; charset=utf-8", body: Array(html.utf8))
    response.headers += [
      (
        "Content-Security-Policy",
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src blob: data:; "
          + "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'"
      ),
      ("Referrer-Policy", "no-referrer"), ("Cache-Control", "no-store"),
    ]
    return response
  }()

  static let html = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>ChatRender</title>
    <style>
    :root { color-scheme: light dark; --accent: #0a66c2; font-family: system-ui, sans-serif; }
    body { margin: 0 auto; max-width: 72rem; padding: 1rem; line-height: 1.4; }
    h1 { font-size: 1.5rem; margin: 0 0 1rem; }
    fieldset { border: 1px solid #8884; border-radius: .5rem; margin: 0 0 1rem; padding: .75rem; }
    legend { font-weight: 600; padding: 0 .25rem; }
    #drop { border: 2px dashed #8888; border-radius: .5rem; padding: 1.5rem; text-align: center; }
    #drop.over { border-color: var(--accent); background: #0a66c211; }
    .gallery { display: flex; flex-wrap: wrap; gap: .5rem; }
    .gallery label { display: flex; align-items: center; gap: .4rem; border: 1px solid #8884; border-radius: .4rem; padding: .3rem .5rem; cursor: pointer; }
    .gallery input:focus-visible + .swatch { outline: 3px solid var(--accent); }
    .swatch { width: 1.2rem; height: 1.2rem; border-radius: 50%; border: 1px solid #8888; display: inline-block; }
    .row { display: flex; flex-wrap: wrap; gap: 1rem; align-items: end; }
    label.field { display: flex; flex-direction: column; gap: .2rem; }
    button { font: inherit; padding: .4rem .9rem; border-radius: .4rem; border: 1px solid var(--accent); background: var(--accent); color: white; cursor: pointer; }
    button.plain { background: transparent; color: inherit; border-color: #8886; }
    button:focus-visible, select:focus-visible, input:focus-visible, textarea:focus-visible, li:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
    #layout { display: grid; grid-template-columns: minmax(14rem, 1fr) 2fr; gap: 1rem; }
    #messages { list-style: none; margin: 0; padding: 0; max-height: 70vh; overflow: auto; }
    #messages li { padding: .3rem .4rem; border-bottom: 1px solid #8883; cursor: pointer; }
    #messages li[aria-pressed="true"] { background: #fd05; }
    #pages img { display: block; max-width: 100%; margin: 0 auto 1rem; box-shadow: 0 1px 4px #0004; }
    #error { color: #b00020; white-space: pre-wrap; font-family: ui-monospace, monospace; }
    #error:empty, #status:empty { display: none; }
    .hidden { display: none !important; }
    @media (max-width: 50rem) { #layout { grid-template-columns: 1fr; } }
    </style>
    </head>
    <body>
    <main>
    <h1>ChatRender</h1>
    <p>Turn a chat export into pictures or a document. Nothing leaves this server: the export is read, drawn and forgotten.</p>
    <div id="error" role="alert" aria-live="assertive"></div>
    <p id="status" role="status" aria-live="polite"></p>

    <fieldset id="token-box" class="hidden">
    <legend>Token</legend>
    <label class="field">This server needs its token<input id="token" type="password" autocomplete="off"></label>
    </fieldset>

    <fieldset>
    <legend>1. Your export</legend>
    <div id="drop">
    <p>Drop a file, a <code>.zip</code> or a folder here, or choose one:</p>
    <label class="field">File or .zip <input id="file" type="file"></label>
    <label class="field">Folder <input id="folder" type="file" webkitdirectory multiple></label>
    </div>
    </fieldset>

    <fieldset id="options" disabled>
    <legend>2. How it looks</legend>
    <div class="row">
    <label class="field" id="chat-box">Chat <select id="chat"></select></label>
    <label class="field">Who is “me” <select id="me"><option value="">(nobody)</option></select></label>
    <label class="field">Language <select id="locale"></select></label>
    <label class="field">Format <select id="format"><option>png</option><option selected>pdf</option><option>svg</option><option>webp</option></select></label>
    </div>
    <fieldset>
    <legend>Theme</legend>
    <p id="light-title">Light</p>
    <div class="gallery" id="themes-light" role="radiogroup" aria-labelledby="light-title"></div>
    <p id="dark-title">Dark</p>
    <div class="gallery" id="themes-dark" role="radiogroup" aria-labelledby="dark-title"></div>
    </fieldset>
    <div class="row">
    <button id="preview" type="button">Preview</button>
    <button id="download" type="button">Download</button>
    <a id="saved" class="hidden" download>Save the file</a>
    </div>
    </fieldset>

    <div id="layout" class="hidden">
    <section aria-labelledby="messages-title">
    <h2 id="messages-title">Messages</h2>
    <p>Choose a message to spotlight it (Enter or click), and write a note for it.</p>
    <label class="field">Note for the spotlighted message <textarea id="note" rows="2"></textarea></label>
    <ol id="messages" aria-label="Messages"></ol>
    </section>
    <section aria-labelledby="pages-title">
    <h2 id="pages-title">Pages</h2>
    <div id="pages"></div>
    </section>
    </div>
    </main>
    <script>
    "use strict";
    const $ = (id) => document.getElementById(id);
    const state = { files: [], theme: "", highlight: null };

    function say(text) { $("status").textContent = text; }
    function fail(text) { $("error").textContent = text; say(""); }

    function headers() {
      const token = $("token").value;
      return token ? { Authorization: "Bearer " + token } : {};
    }

    function form() {
      const data = new FormData();
      for (const [file, path] of state.files) data.append("file", file, path);
      return data;
    }

    function options(extra) {
      const query = new URLSearchParams();
      if ($("chat").value) query.append("chat", $("chat").value);
      if ($("me").value) query.append("me", $("me").value);
      if ($("locale").value) query.append("locale", $("locale").value);
      if (state.theme) query.append("theme", state.theme);
      if (state.highlight !== null) {
        query.append("highlight", String(state.highlight));
        if ($("note").value.trim()) query.append("note", $("note").value.trim());
      }
      for (const [name, value] of Object.entries(extra || {})) query.append(name, value);
      return query;
    }

    async function call(path, query, body) {
      const response = await fetch(path + (query ? "?" + query : ""), { method: body ? "POST" : "GET", body, headers: headers() });
      if (response.status === 401) $("token-box").classList.remove("hidden");
      if (!response.ok) {
        let message = response.status + " " + response.statusText;
        try { message = (await response.json()).error.message; } catch (_) {}
        throw new Error(message);
      }
      return response;
    }

    async function loadLists() {
      const themes = await (await call("/v1/themes")).json();
      for (const theme of themes) {
        const label = document.createElement("label");
        const input = document.createElement("input");
        input.type = "radio"; input.name = "theme"; input.value = theme.name;
        input.addEventListener("change", () => { state.theme = theme.name; });
        const swatch = document.createElement("span");
        swatch.className = "swatch"; swatch.style.background = theme.background; swatch.setAttribute("aria-hidden", "true");
        const name = document.createElement("span");
        name.textContent = theme.name;
        label.title = theme.description;
        label.append(input, swatch, name);
        $(theme.tone === "dark" ? "themes-dark" : "themes-light").append(label);
      }
      const auto = document.createElement("label");
      const input = document.createElement("input");
      input.type = "radio"; input.name = "theme"; input.value = ""; input.checked = true;
      input.addEventListener("change", () => { state.theme = ""; });
      const text = document.createElement("span");
      text.textContent = "the app's own look";
      auto.append(input, text);
      $("themes-light").prepend(auto);
      const formats = await (await call("/v1/formats")).json();
      const none = new Option("this computer's", "");
      $("locale").append(none);
      for (const language of formats.languages) $("locale").append(new Option(language, language));
    }

    async function chose(files) {
      $("error").textContent = "";
      state.files = files;
      state.highlight = null;
      if (!files.length) return;
      say("Reading " + files[0][1] + "…");
      try {
        const chats = await (await call("/v1/chats", "", form())).json();
        $("chat").replaceChildren(...chats.chats.map((chat) => new Option(chat.detail ? chat.name + " — " + chat.detail : chat.name, chat.name)));
        $("chat-box").classList.toggle("hidden", chats.chats.length < 2);
        await readChat();
        $("options").disabled = false;
        say("Read " + files[0][1] + " as " + chats.format + ". Choose who is “me” and a theme, then preview.");
      } catch (error) { fail(error.message); }
    }

    async function readChat() {
      const query = new URLSearchParams();
      if ($("chat").value) query.append("chat", $("chat").value);
      const chat = await (await call("/v1/parse", query, form())).json();
      const people = new Map(chat.participants.map((person) => [person.id, person.name]));
      $("me").replaceChildren(new Option("(nobody)", ""), ...chat.participants.map((person) => new Option(person.name, person.name)));
      if (chat.me && people.has(chat.me)) $("me").value = people.get(chat.me);
      const list = chat.messages.map((message, index) => {
        const item = document.createElement("li");
        item.tabIndex = 0;
        item.setAttribute("role", "button");
        item.setAttribute("aria-pressed", "false");
        item.dataset.entry = String(index + 1);
        const author = people.get(message.from);
        const text = message.text || "(" + (message.kind || "attachment") + ")";
        item.textContent = (index + 1) + ". " + (author ? author + ": " + text : text);
        const toggle = () => spotlight(item);
        item.addEventListener("click", toggle);
        item.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); toggle(); } });
        return item;
      });
      $("messages").replaceChildren(...list);
      $("layout").classList.remove("hidden");
    }

    function spotlight(item) {
      const entry = Number(item.dataset.entry);
      for (const other of $("messages").children) other.setAttribute("aria-pressed", "false");
      if (state.highlight === entry) { state.highlight = null; say("No message spotlighted."); return; }
      state.highlight = entry;
      item.setAttribute("aria-pressed", "true");
      say("Message " + entry + " spotlighted; write a note and preview.");
      $("note").focus();
    }

    async function preview() {
      $("error").textContent = "";
      say("Drawing the pages…");
      try {
        const first = await call("/v1/render", options({ format: "png", "page-height": "1400" }), form());
        const count = Number(first.headers.get("X-Chatrender-Pages") || "1");
        const images = [await picture(first, 1, count)];
        for (let page = 2; page <= Math.min(count, 12); page++) {
          const response = await call("/v1/render", options({ format: "png", "page-height": "1400", page: String(page) }), form());
          images.push(await picture(response, page, count));
        }
        $("pages").replaceChildren(...images);
        say("Showing " + images.length + " of " + count + " pages.");
      } catch (error) { fail(error.message); }
    }

    async function picture(response, page, count) {
      const image = document.createElement("img");
      image.src = URL.createObjectURL(await response.blob());
      image.alt = "Page " + page + " of " + count;
      return image;
    }

    async function download() {
      $("error").textContent = "";
      const format = $("format").value;
      say("Making the " + format.toUpperCase() + "…");
      try {
        const response = await call("/v1/render", options({ format }), form());
        const name = /filename="([^"]*)"/.exec(response.headers.get("Content-Disposition") || "");
        const link = $("saved");
        link.href = URL.createObjectURL(await response.blob());
        link.download = name ? name[1] : "chat." + format;
        link.textContent = "Save " + link.download;
        link.classList.remove("hidden");
        link.click();
        say("Made " + link.download + ".");
      } catch (error) { fail(error.message); }
    }

    $("file").addEventListener("change", () => chose([...$("file").files].map((file) => [file, file.name])));
    $("folder").addEventListener("change", () => chose([...$("folder").files].map((file) => [file, file.webkitRelativePath || file.name])));
    $("chat").addEventListener("change", () => readChat().catch((error) => fail(error.message)));
    $("preview").addEventListener("click", preview);
    $("download").addEventListener("click", download);
    const drop = $("drop");
    drop.addEventListener("dragover", (event) => { event.preventDefault(); drop.classList.add("over"); });
    drop.addEventListener("dragleave", () => drop.classList.remove("over"));
    drop.addEventListener("drop", (event) => {
      event.preventDefault();
      drop.classList.remove("over");
      chose([...event.dataTransfer.files].map((file) => [file, file.name]));
    });
    loadLists().catch((error) => fail(error.message));
    </script>
    </body>
    </html>
    """#
}
