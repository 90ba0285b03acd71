// The Spite and Malice table: pay-off piles, side stacks, centre stacks (with what each wild card
// stands for), the stock, your hand. Click a card then where it goes, or drag it there; the hint
// button steps through your legal moves in the library's hint order (the server sends them in that
// order). Loaded before app.js, whose helpers ($, el, cardNode, me, send, act, showError) it uses.
"use strict";

const VALUE_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"};
const malice = {pick: null, hint: -1};

function valueName(value) { return VALUE_NAMES[value] || String(value); }

// Where a move takes its card from and where it puts it, as the keys the page's slots carry:
// "hand:<card>", "payoff:<seat>", "side:<seat>:<stack>", "centre:<stack>".
function moveKeys(action, v) {
  const d = action.data;
  const owner = d.owner === null || d.owner === undefined ? d.player : d.owner;
  const from = (origin, side, seat, card) =>
    origin === "hand" ? `hand:${card}` : origin === "pay-off" ? `payoff:${seat}` : `side:${seat}:${side}`;
  switch (action.kind) {
    case "Play": case "Substitute": return [from(d.origin, d.side, owner, d.card), `centre:${d.centre}`];
    case "Discard": return [`hand:${d.cards[0]}`, `side:${d.player}:${d.side}`];
    case "MoveSide": return [`side:${d.player}:${d.source}`, `side:${d.player}:${d.side}`];
    case "Load": return [from(d.origin, null, d.player, d.card), `payoff:${d.target}`];
    case "PlaceForced": return [`payoff:${v.forced_from}`, `centre:${d.centre}`];
    default: return [null, null];
  }
}

// The number a card shows ("10♦" -> "10"); a group is every hand card of one number.
function cardNumber(card) { return card === JOKER ? card : card.slice(0, -1); }

// The card a source key shows now, or null ("group:<card>": the right mouse button's pick of
// every hand card with that card's number, seed 004).
function cardAt(key, v) {
  const parts = key.split(":");
  if (parts[0] === "hand" || parts[0] === "group") return v.hand.includes(parts[1]) ? parts[1] : null;
  if (parts[0] === "payoff") return v.payoff_tops[Number(parts[1])];
  if (parts[0] === "side") {
    const shown = v.side[Number(parts[1])][Number(parts[2])];
    return shown.length ? shown[shown.length - 1] : null;
  }
  return null;
}

// Is `move` one that takes the card (or the group) at `source`? A group's move is a discard of
// every hand card of its number (seed 004: "all the other cards with the same number in your hand
// will also be placed on the column").
function movesFrom(move, source, v) {
  const [from] = moveKeys(move.action, v);
  if (!source.startsWith("group:")) return from === source;
  const card = source.slice("group:".length);
  const cards = move.action.kind === "Discard" ? move.action.data.cards : [];
  const same = v.hand.filter((c) => cardNumber(c) === cardNumber(card)).length;
  return cards.length === same && cards.length > 1 && cards.includes(card) && cards.every((c) => cardNumber(c) === cardNumber(card));
}

// The legal moves that take the card at `source` to `target` (single cards before groups).
function movesBetween(source, target) {
  return me.moves.filter((m) => movesFrom(m, source, me.view) && moveKeys(m.action, me.view)[1] === target)
    .sort((a, b) => (a.action.data.cards || [0]).length - (b.action.data.cards || [0]).length);
}

// The action the player asked for, when no legal move matches: sent anyway, so that the engine
// refuses it naming the rule it breaks (the page restates no rule).
function askedAction(source, target, v) {
  const card = cardAt(source, v);
  const [kind, seat, stack] = source.split(":");
  const [where, first, second] = target.split(":");
  const mine = me.seat;
  if (kind === "group") {  // every card of its number, as the seed's table does
    const cards = v.hand.filter((c) => cardNumber(c) === cardNumber(card));
    return where === "side" && Number(first) === mine ? ["Discard", {cards, side: Number(second)}] : null;
  }
  const origin = kind === "hand" ? "hand" : kind === "payoff" ? "pay-off" : "side";
  const owner = kind === "hand" || Number(seat) === mine ? null : Number(seat);
  const side = kind === "side" ? Number(stack) : null;
  if (where === "centre") return ["Play", {card, centre: Number(first), origin, side, owner}];
  if (where === "payoff") return ["Load", {card, target: Number(first), origin}];
  if (where === "side" && Number(first) === mine) {
    if (kind === "hand") return ["Discard", {cards: [card], side: Number(second)}];
    if (kind === "side" && owner === null) return ["MoveSide", {card, source: side, side: Number(second)}];
  }
  return null;
}

function maliceMove(source, target) {
  const v = me.view;
  malice.pick = null;
  const legal = movesBetween(source, target);
  if (legal.length) {
    send({type: "action", action: legal[0].action});
  } else {
    const asked = cardAt(source, v) === null ? null : askedAction(source, target, v);
    if (asked) act(asked[0], asked[1]);
    else showError("no move takes that card there");
  }
  maliceMarks();
}

// Seed 004: "click and hold down the right mouse button over one of the cards. When you drag and
// drop the card on a column all the other cards with the same number in your hand will also be
// placed on the column." Pressing the right button on a hand card picks its group; releasing it
// over a side stack (or clicking one) places the group there.
function maliceGroupPick(source) {
  const card = source.slice("hand:".length);
  malice.pick = `group:${card}`;
  malice.hint = -1;
  maliceMarks();
}

function maliceClick(source, target) {
  if (malice.pick !== null && target !== null && target !== malice.pick) { maliceMove(malice.pick, target); return; }
  if (malice.pick !== null && malice.pick === source) { malice.pick = null; maliceMarks(); return; }
  if (source !== null && cardAt(source, me.view) !== null) { malice.pick = source; malice.hint = -1; maliceMarks(); }
}

// A slot of the table: a source of cards, a target, or both; clickable and a drag-and-drop end.
function slot(node, source, target) {
  if (source) node.dataset.source = source;
  if (target) node.dataset.target = target;
  node.addEventListener("click", (event) => { event.stopPropagation(); maliceClick(source || null, target || null); });
  if (node.tagName !== "BUTTON") {  // piles are reached by the keyboard too: Tab, then Enter or Space
    node.tabIndex = 0;
    node.setAttribute("role", "button");
    node.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); node.click(); }
    });
  }
  if (source && source.startsWith("hand:")) {
    node.addEventListener("contextmenu", (event) => event.preventDefault());
    node.addEventListener("mousedown", (event) => { if (event.button === 2) maliceGroupPick(source); });
  }
  if (target) {
    node.addEventListener("mouseup", (event) => {
      if (event.button === 2 && malice.pick !== null && malice.pick.startsWith("group:")) maliceMove(malice.pick, target);
    });
  }
  if (source && cardAt(source, me.view) !== null) {
    node.draggable = true;
    node.addEventListener("dragstart", (event) => {
      malice.pick = source;
      event.dataTransfer.setData("text/plain", source);
      event.dataTransfer.effectAllowed = "move";
      maliceMarks();
    });
  }
  if (target) {
    node.addEventListener("dragover", (event) => { if (malice.pick !== null) event.preventDefault(); });
    node.addEventListener("drop", (event) => {
      event.preventDefault();
      const from = event.dataTransfer.getData("text/plain") || malice.pick;
      if (from && from !== target) maliceMove(from, target);
    });
  }
  return node;
}

// A card on the table that is not itself a control (a disabled button would swallow the click
// meant for its pile).
function faceNode(card, extra = "") {
  const node = el("span", {class: "card face" + (isRed(card) ? " red" : "") + extra});
  node.dataset.card = card;
  return cardFace(node, card);
}

function smallCard(card, extra = "") { return faceNode(card, " small" + extra); }

function payoffNode(seat, v) {
  const top = v.payoff_tops[seat];
  const box = el("div", {class: "pile payoff", "data-seat": String(seat)});
  box.append(top === null ? el("span", {class: "card empty", text: "empty"}) : faceNode(top));
  box.append(el("div", {class: "count", text: `${v.payoff_sizes[seat]} left`}));
  return slot(box, `payoff:${seat}`, seat === me.seat ? null : `payoff:${seat}`);
}

function sideNode(seat, stack, v) {
  const shown = v.side[seat][stack];
  const size = v.side_sizes[seat][stack];
  const box = el("div", {class: "pile side" + (v.rules.spread_side_stacks ? " spread" : ""),
    "data-seat": String(seat), "data-side": String(stack), title: `side stack ${stack + 1}`});
  if (!shown.length) box.append(el("span", {class: "card empty", text: String(stack + 1)}));
  shown.forEach((card, i) => box.append(i === shown.length - 1 ? faceNode(card) : smallCard(card, " under")));
  box.append(el("div", {class: "count", text: size === shown.length ? `${size}` : `${size} (top shown)`}));
  return slot(box, `side:${seat}:${stack}`, seat === me.seat ? `side:${seat}:${stack}` : null);
}

function centreNode(space, v) {
  const stack = space < v.centre.length ? v.centre[space] : [];
  const wilds = new Map(v.wilds.filter(([s]) => s === space).map(([, place]) => [place, place]));
  const box = el("div", {class: "pile centre", "data-centre": String(space)});
  box.append(el("div", {class: "count", text: stack.length ? `centre ${space + 1}: showing ${valueName(stack.length)}` : `centre ${space + 1}: empty`}));
  const cards = el("div", {class: "stack"});
  stack.forEach((card, i) => {
    const node = i === stack.length - 1 ? faceNode(card) : smallCard(card, " under");
    if (wilds.has(i + 1)) {
      node.classList.add("wild");
      node.title = `${card} stands for ${valueName(i + 1)}`;
      node.append(el("span", {class: "as", text: `=${valueName(i + 1)}`}));
    }
    cards.append(node);
  });
  if (!stack.length) cards.append(el("span", {class: "card empty", text: "A"}));
  box.append(cards);
  const wildText = [...wilds.keys()].map((place) => `${stack[place - 1]} as ${valueName(place)}`);
  if (wildText.length) box.append(el("div", {class: "wilds", text: "wild: " + wildText.join(", ")}));
  return slot(box, null, `centre:${space}`);
}

function drawMalice() {
  const v = me.view;
  const status = $("status");
  status.replaceChildren();
  const turn = v.game_over ? "the game is over" : (v.to_act === me.seat ? "your turn" : `${seatName(v.to_act)} to act`);
  const facts = [["turn", turn], ["phase", v.phase], ["stock", count(v.stock_size, "card")], ["set aside", count(v.used_size, "card")],
    ["rules", v.rules.name]];
  if (v.owed.length) facts.push(["must be covered", v.owed.map(([space, place]) => `centre ${space + 1}'s wild ${valueName(place)}`).join(", ")]);
  if (v.exchange) facts.push(["exchange", String(v.exchange)]);
  if (v.forced_from !== null) facts.push(["forced", `${seatName(v.forced_from)}'s pay-off top must be played`]);
  if (v.final_turn && !v.game_over) facts.push(["final turn", `${seatName(v.finisher)} has emptied the pay-off pile`]);
  if (v.game_over) facts.push(["result", v.winner === null ? "a draw" : `${seatName(v.winner)} wins`]);
  facts.push(["scores", v.names.map((name, s) => `${name} ${v.scores[s]}`).join(", ")]);
  for (const [key, value] of facts) status.append(el("span", {class: "fact", "data-fact": key}, el("b", {text: key + " "}), value));

  const others = $("m-others");
  others.replaceChildren();
  for (let seat = 0; seat < v.names.length; seat++) {
    if (seat === me.seat) continue;
    const row = el("div", {class: "m-seat" + (v.to_act === seat && !v.game_over ? " to-act" : ""), "data-seat": String(seat)},
      el("div", {class: "who", text: `${seatName(seat)} · ${v.hand_sizes[seat]} in hand`}));
    const piles = el("div", {class: "m-piles"}, payoffNode(seat, v));
    v.side[seat].forEach((_, stack) => piles.append(sideNode(seat, stack, v)));
    row.append(piles);
    others.append(row);
  }
  // Every stack, and always the next free space (where the rules leave room for one), so that a
  // card can be tried there and the refusal's reason seen.
  const anyEmpty = v.centre.some((stack) => !stack.length);
  const spaces = Math.max(v.centre.length + (anyEmpty || v.rules.centre_limit !== "unlimited" ? 0 : 1),
    1 + Math.max(-1, ...me.moves.map((m) => {
      const [, to] = moveKeys(m.action, v);
      return to && to.startsWith("centre:") ? Number(to.split(":")[1]) : -1;
    })));
  const centre = $("m-centre");
  centre.replaceChildren();
  for (let space = 0; space < spaces; space++) centre.append(centreNode(space, v));
  $("m-stock").textContent = `stock ${v.stock_size} · set aside ${v.used_size}`;

  $("m-payoff").replaceChildren(payoffNode(me.seat, v));
  const sides = $("m-side");
  sides.replaceChildren();
  v.side[me.seat].forEach((_, stack) => sides.append(sideNode(me.seat, stack, v)));
  const hand = $("m-hand");
  hand.replaceChildren();
  for (const card of v.hand) hand.append(slot(cardNode(card), `hand:${card}`, null));
  $("m-hand-size").textContent = count(v.hand.length, "card");

  $("m-next").hidden = !v.game_over;
  $("m-end").disabled = v.game_over || v.to_act !== me.seat;
  $("m-hint").disabled = v.game_over;
  drawMoves("m-moves", $("m-legal").checked);
  maliceMarks();
}

// Marks the picked card, the places it may legally go, the hinted move and (with "show legal
// moves") every card that has a legal move; changes classes only, so a drag in progress survives.
function maliceMarks() {
  const v = me.view;
  if (!v || me.game !== "malice") return;
  if (malice.pick !== null && cardAt(malice.pick, v) === null) malice.pick = null;
  const legalSources = new Set();
  const targets = new Set();
  for (const m of me.moves) {
    const [from, to] = moveKeys(m.action, v);
    if (from) legalSources.add(from);
    if (malice.pick !== null && to && movesFrom(m, malice.pick, v)) targets.add(to);
  }
  const hinted = malice.hint >= 0 && malice.hint < me.moves.length ? moveKeys(me.moves[malice.hint].action, v) : [null, null];
  const showLegal = $("m-legal").checked;
  for (const node of document.querySelectorAll("#malice-controls [data-source], #malice-controls [data-target]")) {
    const source = node.dataset.source || null;
    const target = node.dataset.target || null;
    const group = malice.pick !== null && malice.pick.startsWith("group:") && source !== null && source.startsWith("hand:") &&
      cardNumber(source.slice(5)) === cardNumber(malice.pick.slice(6));
    node.classList.toggle("picked", source !== null && (source === malice.pick || group));
    node.classList.toggle("legal", (target !== null && targets.has(target)) || (showLegal && malice.pick === null && legalSources.has(source)));
    node.classList.toggle("hinted", (source !== null && source === hinted[0]) || (target !== null && target === hinted[1]));
  }
  let text = "";
  if (malice.hint >= 0) text = malice.hint < me.moves.length ? `Hint: ${me.moves[malice.hint].text}` : "No more hints (click again to start over).";
  $("m-hint-text").textContent = text;
}

function maliceStateChanged() { malice.pick = null; malice.hint = -1; }

function wireMalice() {
  $("m-hint").addEventListener("click", () => {
    if (!me.moves.length) { malice.hint = -1; $("m-hint-text").textContent = "No hint: it is not your move."; return; }
    malice.pick = null;
    malice.hint = (malice.hint + 1) % (me.moves.length + 1);  // every move, then none, then again
    maliceMarks();
  });
  $("m-end").addEventListener("click", () => { malice.pick = null; act("EndTurn", {}); });
  $("m-clear").addEventListener("click", () => { malice.pick = null; malice.hint = -1; maliceMarks(); });
  $("m-legal").addEventListener("change", () => { if (me.view) drawMalice(); });
  $("m-next").addEventListener("click", () => send({type: "next_round"}));
}
