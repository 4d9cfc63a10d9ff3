// What does not fit the first screen of the table (js/table.mjs), as a list of problems:
// read as text and evaluated in the page by the Play page's tests (play.test.mjs) and the
// example server's (examples/server/test_browser.py). At the top of the page, with no
// scrolling: the status, the scores, every seat's label (with its score), the trick, every
// card of the hand, every control and the hint lie inside the viewport; no word of the
// table is drawn under 12 CSS px; no card (in the hand or the trick) is under 44 px wide.
() => {
  const problems = [];
  scrollTo(0, 0);
  const [width, height] = [innerWidth, innerHeight];
  const inside = (element, name) => {
    const box = element.getBoundingClientRect();
    if (!box.width || !box.height) return problems.push(`${name}: not shown`);
    if (box.left < -0.5 || box.top < -0.5 || box.right > width + 0.5 || box.bottom > height + 0.5) {
      problems.push(`${name}: outside the screen (${Math.round(box.left)},${Math.round(box.top)} to ${Math.round(box.right)},${Math.round(box.bottom)})`);
    }
  };
  const one = (selector) => document.querySelector(selector);
  for (const id of ["status", "score", "seats", "trick", "hand"]) {
    if (one(`#${id}`)) inside(one(`#${id}`), `#${id}`);
    else problems.push(`#${id}: missing`);
  }
  document.querySelectorAll("#seats li").forEach((seat, i) => inside(seat, `seat ${i}`));
  document.querySelectorAll("#actions button").forEach((button) => inside(button, `button ${button.textContent}`));
  if (one("#hint")?.textContent) inside(one("#hint"), "#hint");
  for (const card of document.querySelectorAll("#hand .sb-card, #trick .sb-card")) {
    inside(card, `card ${card.dataset.card}`);
    const shown = card.querySelector("svg").getBoundingClientRect().width;
    if (shown < 44) problems.push(`card ${card.dataset.card}: ${shown.toFixed(1)} px wide`);
  }
  const table = one(".sb-table");
  const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!node.textContent.trim() || element.closest("svg, dialog:not([open])")) continue;
    if (!element.checkVisibility()) continue;
    const size = parseFloat(getComputedStyle(element).fontSize);
    if (size < 12) problems.push(`text under 12 px (${size} px): ${node.textContent.trim().slice(0, 40)}`);
  }
  return problems;
}
