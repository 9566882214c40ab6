// The rulebook's search box: the same matching as `generala-kit rules WORDS`.
// One word that looks like an ID (R-JOKER-4, R-JOKER, AMB-3, FA-30) is looked up;
// otherwise every entry whose folded text holds every folded word is listed, in the
// order of the index (clauses, ambiguities, then sentences). An entry's text holds
// every language of the rulebook (translations and glossary terms included); its
// line is shown in the page's language. The data and the folding tables come from
// search-index.js, written by `generala-kit site`.
(function () {
  "use strict";
  const data = window.GENERALA_SEARCH;
  const results = document.getElementById("results");
  const input = document.getElementById("q");
  if (!data || !results || !input) return;
  const root = document.querySelector("script[src$='search.js']").getAttribute("src").replace(/assets\/search\.js$/, "");
  const idLike = new RegExp(data.patterns.idLike, "u");
  const areaPattern = new RegExp(data.patterns.area, "u");
  const idPattern = new RegExp(data.patterns.id, "u");
  const casefold = data.fold.casefold;
  const combining = data.fold.combining;
  const unified = data.fold.unified;
  const lang = document.documentElement.lang || "en";
  const inLanguage = (texts) => texts[lang] ?? texts.en; // an entry's line or an area's title
  const ownDigits = { fa: "۰۱۲۳۴۵۶۷۸۹" }[lang]; // bidi.DIGITS: the page's digits in running text
  const digits = (text) => (ownDigits ? text.replace(/[0-9]/g, (d) => ownDigits[d]) : text);
  const byId = new Map(data.entries.map((entry) => [entry[0], entry]));
  const pages = root + (results.dataset.prefix || ""); // the folder of this game's pages in this language
  const letter = data.patterns.prefix;
  const messages = JSON.parse(results.dataset.messages); // this page's language: common.search.* of i18n
  const say = (key, fields) => messages[key].replace(/\{(\w+)\}/g, (whole, name) => fields[name] ?? whole);

  function isCombining(point) {
    let low = 0;
    let high = combining.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (point < combining[mid][0]) high = mid - 1;
      else if (point > combining[mid][1]) low = mid + 1;
      else return true;
    }
    return false;
  }

  // rules.folded: case-folded (str.casefold), NFKD, combining marks dropped, then
  // Persian letter variants and digits unified (glossary.UNIFIED).
  function fold(text) {
    let folded = "";
    for (const ch of text) folded += casefold[ch] ?? ch;
    let kept = "";
    for (const ch of folded.normalize("NFKD")) if (!isCombining(ch.codePointAt(0))) kept += unified[ch] ?? ch;
    return kept;
  }

  function kindOf(key) {
    if (key.startsWith("R-")) return "clause";
    return key.startsWith("AMB-") ? "ambiguity" : "sentence";
  }

  // rules.describe for one ID-like word: the entries it shows, or its error.
  function lookUp(word) {
    const key = word.trim().toUpperCase();
    const area = areaPattern.exec(key);
    if (area) {
      const found = data.areas[area[1]];
      if (!found) {
        const known = Object.keys(data.areas).map((a) => `${letter}-${a}`).join(", ");
        return { error: say("no_area", { area: `${letter}-${area[1]}`, known }) };
      }
      return { heading: `${letter}-${area[1]}: ${inLanguage(found.title)}`, ids: found.clauses };
    }
    if (!idPattern.test(key)) return { error: say("malformed", { word: key, forms: data.patterns.forms }) };
    if (!byId.has(key)) return { error: say(`unknown_${kindOf(key)}`, { id: key }) };
    return { ids: [key] };
  }

  // rules.search: every entry holding every word.
  function search(words) {
    const wanted = words.map(fold);
    const ids = data.entries.filter((entry) => wanted.every((w) => entry[3].includes(w))).map((e) => e[0]);
    if (!ids.length) return { error: say("nothing", { words: words.join(" ") }) };
    return { heading: digits(say("matches", { n: ids.length, words: words.join(" ") })), ids };
  }

  function answer(query) {
    const words = query.split(/\s+/u).filter(Boolean);
    if (!words.length) return null;
    if (words.length === 1 && idLike.test(words[0].trim().toUpperCase())) return lookUp(words[0]);
    return search(words);
  }

  function show(query) {
    const found = answer(query);
    results.replaceChildren();
    results.hidden = found === null;
    if (found === null) return;
    const heading = document.createElement("h2");
    heading.textContent = found.error ? found.error.charAt(0).toUpperCase() + found.error.slice(1) + "." : found.heading;
    results.append(heading);
    if (found.error) return;
    const list = document.createElement("ol");
    list.className = "hits";
    for (const id of found.ids) {
      const entry = byId.get(id);
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = pages + entry[2];
      link.textContent = id;
      link.className = "hit";
      link.dir = "ltr"; // an ID: a left-to-right island on a right-to-left page
      const summary = document.createElement("span");
      summary.textContent = " " + inLanguage(entry[1]);
      if (!(lang in entry[1])) summary.lang = "en";
      item.append(link, summary);
      list.append(item);
    }
    results.append(list);
  }

  const initial = new URLSearchParams(window.location.search).get("q") || "";
  input.value = initial;
  show(initial);
  input.addEventListener("input", () => {
    show(input.value);
    const url = new URL(window.location.href);
    if (input.value) url.searchParams.set("q", input.value);
    else url.searchParams.delete("q");
    try {
      window.history.replaceState(null, "", url);
    } catch (error) {
      // some browsers refuse to change the address of a file:// page; the search still works
    }
  });
  window.generalaSearch = { fold, answer };
})();
