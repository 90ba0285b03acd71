// The spite-rules table page: plain JavaScript, no build step, nothing from elsewhere.
// It draws what the server sends (the seat's view, its legal moves, the narrated events, all as
// spite_rules JSON) and sends actions as spite_rules JSON documents. docs/web.md has the protocol.
"use strict";

const $ = (id) => document.getElementById(id);
const RANKS = {3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10", 11: "11", 12: "12",
  13: "13", 14: "J", 15: "Q", 16: "K", 17: "A", 18: "2", 19: "JK"};  // spite_rules.cards.Rank values
const me = {tableId: null, seat: null, token: null, game: null, ws: null, view: null, moves: [],
  table: null, selected: new Set(), rewardSelected: null, countdown: null, retry: 0, version: 0,
  errorTimer: null, awaiting: false};
const JOKER = "🃏";
const ERROR_MS = 6000;  // a refusal's banner stays this long, or until this seat's next accepted move

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

// The banner of a refusal (with the rule it breaks, where the game names one). It clears after
// ERROR_MS, on this seat's next accepted move, or when the next refusal replaces it.
function showError(text, rule = null) {
  const box = $("error");
  clearTimeout(me.errorTimer);
  me.errorTimer = null;
  box.textContent = text || "";
  if (text && rule) box.append(" ", el("span", {class: "rule", text: `rule ${rule}`}));
  box.hidden = !text;
  if (text) me.errorTimer = setTimeout(() => showError(""), ERROR_MS);
}

// "1 card", "3 cards": a count with its noun in the right number (plural given where it is not noun + "s").
function count(n, noun, plural = noun + "s") { return `${n} ${n === 1 ? noun : plural}`; }

function isRed(card) { return card.includes("♥") || card.includes("♦"); }

// A card's face as text: the joker is drawn as a styled "JK" (its emoji is a boxed star in many
// fonts), every other card as its notation.
function cardFace(node, card) {
  const face = card.startsWith("~") ? card.slice(1) : card;
  if (face === JOKER) {
    node.classList.add("joker");
    node.append(el("span", {class: "jk", text: "JK"}));
    if (!node.title) node.title = "joker";
  } else {
    node.append(face);
  }
  return node;
}

function cardNode(card, attrs = {}) {
  const node = el("button", {type: "button", class: "card" + (isRed(card) ? " red" : "") +
    (card.startsWith("~") ? " fake" : ""), ...attrs});
  node.dataset.card = card;
  if (card.startsWith("~")) node.title = "fake joker " + card;
  return cardFace(node, card);
}

function backNode(title) {
  return el("span", {class: "card back", title, text: "🂠"});
}

function seatName(seat) {
  if (seat === null || seat === undefined) return "nobody";
  const names = me.view ? me.view.names : (me.table ? me.table.seats.map((s) => s.name) : []);
  return names[seat] || `seat ${seat}`;
}

function doc(kind, data) { return {schema: 2, game: me.game, kind, data}; }

function send(message) {
  if (!me.ws || me.ws.readyState !== WebSocket.OPEN) { showError("not connected: reconnecting"); return; }
  if (message.type === "action") me.awaiting = true;
  me.ws.send(JSON.stringify(message));
}

function act(kind, data) { send({type: "action", action: doc(kind, {player: me.seat, ...data})}); }

// --- the lobby ---------------------------------------------------------------------------------

async function lobby() {
  $("lobby").hidden = false;
  const answer = await fetch("/api/games").then((r) => r.json());
  const games = answer.games;
  const gameSelect = $("game");
  for (const g of games) gameSelect.append(el("option", {value: g.name, text: g.title}));
  const kinds = (event) => {
    const g = games.find((x) => x.name === gameSelect.value);
    if (event && event.target === gameSelect || !$("ruleset").options.length) {
      $("ruleset").replaceChildren(...g.rulesets.map((r) => el("option", {value: r, text: r})));
    }
    const counts = g.seat_counts[$("ruleset").value] || [g.min_players, g.max_players];
    const low = Math.min(...counts), high = Math.max(...counts);
    const count = Math.max(low, Math.min(high, Number($("seat-count").value) || low));
    $("seat-count").min = low; $("seat-count").max = high; $("seat-count").value = count;
    const box = $("seat-kinds");
    const old = [...box.querySelectorAll("select")].map((s) => s.value);
    box.querySelectorAll("label").forEach((n) => n.remove());
    for (let seat = 0; seat < count; seat++) {
      const select = el("select", {"data-seat": String(seat)});
      for (const kind of ["human", ...g.bots]) select.append(el("option", {value: kind, text: kind === "human" ? "a person" : `${kind} bot`}));
      select.value = old[seat] || (seat < 2 ? "human" : g.bots[0]);
      box.append(el("label", {}, `Seat ${seat} `, select));
    }
    document.querySelectorAll("#options [data-option]").forEach((n) => { n.hidden = !g.options.includes(n.dataset.option); });
  };
  gameSelect.addEventListener("change", kinds);
  $("seat-count").addEventListener("change", kinds);
  $("ruleset").addEventListener("change", kinds);
  kinds();
  $("new-table").addEventListener("submit", async (event) => {
    event.preventDefault();
    const g = games.find((x) => x.name === gameSelect.value);
    const options = {};
    if (g.options.includes("referee")) options.referee = $("referee").value;
    if (g.options.includes("decision_seconds")) options.decision_seconds = Number($("decision-seconds").value);
    if (g.options.includes("payoff_size") && $("payoff-size").value !== "") options.payoff_size = Number($("payoff-size").value);
    if (g.options.includes("spread_side_stacks") && $("spread-side").checked) options.spread_side_stacks = true;
    const body = {game: g.name, ruleset: $("ruleset").value, options,
      seats: [...$("seat-kinds").querySelectorAll("select")].map((s) => s.value)};
    const response = await fetch("/api/tables", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
    const table = await response.json();
    if (!response.ok) { showError(table.message); return; }
    const links = $("links");
    links.replaceChildren();
    for (const seat of table.seats) {
      if (seat.kind !== "human") { links.append(el("li", {text: `Seat ${seat.seat}: ${seat.name}`})); continue; }
      const url = `${location.origin}/table/${table.id}?seat=${seat.seat}`;
      links.append(el("li", {}, `Seat ${seat.seat}: `, el("a", {href: url, class: "join-link", text: url})));
    }
    $("created").hidden = false;
  });
}

// --- joining -------------------------------------------------------------------------------------

function storedSeat(tableId) {
  try { return JSON.parse(localStorage.getItem("spite-rules:" + tableId)); } catch (e) { return null; }
}

async function joinPage(tableId) {
  const response = await fetch(`/api/tables/${tableId}`);
  const table = await response.json();
  if (!response.ok) { showError(table.message); return; }
  $("join").hidden = false;
  $("join-title").textContent = `${table.title} table ${table.id}`;
  const wanted = new URLSearchParams(location.search).get("seat");
  const select = $("join-seat");
  for (const seat of table.seats) {
    if (seat.kind === "human" && !seat.taken) select.append(el("option", {value: String(seat.seat), text: `seat ${seat.seat}`}));
  }
  const asked = table.seats.find((seat) => String(seat.seat) === wanted);
  const free = [...select.options].map((o) => `seat ${o.value}`);
  if (asked && asked.taken) {  // a link for a seat already taken: say so, and offer the free ones
    $("seat-taken").textContent = `Seat ${asked.seat} is taken` + (asked.kind === "human" ? ` by ${asked.name}` : ` (a ${asked.kind} bot)`) +
      (free.length ? `: free now: ${free.join(", ")}.` : ": every seat is taken.");
    $("seat-taken").hidden = false;
  }
  if (!select.options.length) { showError("the table is full: every seat is taken"); $("join-form").hidden = true; return; }
  if (wanted !== null && [...select.options].some((o) => o.value === wanted)) select.value = wanted;
  $("join-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const answer = await fetch(`/api/tables/${tableId}/join`, {method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({seat: Number(select.value), name: $("name").value})});
    const joined = await answer.json();
    if (!answer.ok) { showError(joined.message); return; }
    localStorage.setItem("spite-rules:" + tableId, JSON.stringify({seat: joined.seat, token: joined.token}));
    $("join").hidden = true;
    connect(tableId, joined.token);
  });
}

// --- the connection ------------------------------------------------------------------------------

function connect(tableId, token) {
  me.tableId = tableId; me.token = token;
  $("table").hidden = false;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/${tableId}`);
  me.ws = ws;
  $("connection").textContent = "connecting…";
  ws.addEventListener("open", () => { ws.send(JSON.stringify({type: "hello", token})); });
  ws.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  ws.addEventListener("close", () => {
    if (me.ws !== ws) return;
    $("connection").textContent = "disconnected: reconnecting…";
    me.retry = Math.min(me.retry + 1, 10);
    setTimeout(() => connect(tableId, token), 500 * me.retry);
  });
}

function receive(message) {
  switch (message.type) {
    case "snapshot":
      me.retry = 0;
      me.seat = message.seat; me.game = message.table.game; me.table = message.table;
      $("connection").textContent = `seat ${message.seat}`;
      $("log").replaceChildren(); $("m-log").replaceChildren();
      for (const entry of message.log) logLine(entry);
      setState(message);
      break;
    case "update":
      if (me.awaiting) { me.awaiting = false; showError(""); }  // this seat's move was accepted
      for (const entry of message.events) logLine(entry);
      setState(message);
      break;
    case "table":
      me.table = message.table;
      drawSeats();
      break;
    case "countdown":
      setCountdown(message.countdown);
      break;
    case "error":
      me.awaiting = false;
      if (message.code === "replaced" || message.code === "bad_token") me.ws = null;
      if (message.code === "bad_token") localStorage.removeItem("spite-rules:" + me.tableId);
      showError(message.message, message.rule || null);
      break;
  }
}

function setState(message) {
  me.version = message.version;
  me.view = message.view ? message.view.data : null;
  me.moves = message.moves || [];
  maliceStateChanged();
  if (message.table) me.table = message.table;
  setCountdown(message.countdown);
  draw();
}

// --- drawing -------------------------------------------------------------------------------------

function logLine(entry) {
  const data = entry.event.data;
  const line = el("li", {class: "event " + entry.event.kind, text: entry.text});
  if (data && data.rule) line.append(" ", el("span", {class: "rule", text: `rule ${data.rule}`}));
  $(me.game === "malice" ? "m-log" : "log").prepend(line);
}

function draw() {
  $("title").textContent = me.table ? `${me.table.title} · table ${me.table.id}` : "";
  drawSeats();
  const spite = me.game === "spite", isMalice = me.game === "malice";
  $("spite-controls").hidden = !spite;
  $("spite-board").hidden = !spite;
  $("malice-controls").hidden = !isMalice;
  $("generic").hidden = spite || isMalice;
  const timed = !me.table || me.table.timed;
  $("countdown-bar").hidden = !timed || !countdownCanAct();
  $("untimed").hidden = timed;
  if (!me.view) { $("status").textContent = "Waiting for every seat to be taken…"; return; }
  if (spite) drawSpite(); else if (isMalice) drawMalice(); else drawGeneric();
}

function drawSeats() {
  const box = $("seats");
  box.replaceChildren();
  if (!me.table) return;
  const v = me.view;
  for (const seat of me.table.seats) {
    const s = seat.seat;
    const acting = v && v.to_act === s && !v.game_over;
    const card = el("div", {class: "seat" + (acting ? " to-act" : "") + (s === me.seat ? " mine" : ""), "data-seat": String(s)});
    card.append(el("div", {class: "name"}, el("span", {class: "dot " + (seat.online ? "on" : "off")}),
      ` ${seat.name}` + (seat.kind !== "human" ? " (bot)" : "") + (s === me.seat ? " (you)" : "")));
    if (v && me.game === "spite") {
      const facts = [`${v.hand_sizes[s]} cards`, `score ${v.scores[s]}`];
      if (v.fake_joker_counts[s]) facts.push(count(v.fake_joker_counts[s], "fake joker"));
      if (v.earned_counts[s]) facts.push(`${v.earned_counts[s]} earned`);
      if (v.penalties[s]) facts.push(count(v.penalties[s], "penalty skip"));
      const place = v.finished.indexOf(s);
      if (place >= 0) facts.push(`out, place ${place + 1}`);
      if (v.losers.includes(s)) facts.push("lost");
      if (v.trick.passed.includes(s)) facts.push("passed");
      if (v.open_misplays.includes(s)) facts.push("misplayed!");
      card.append(el("div", {class: "facts", text: facts.join(" · ")}));
      if (s !== me.seat && v.rules.referee === "called" && !v.round_over) {  // calls act only there
        const canCall = me.moves.some((m) => m.action.kind === "CallMisplay" && m.action.data.accused === s);
        card.append(el("button", {type: "button", class: "call" + (hints() && canCall ? " legal" : ""), "data-accused": String(s),
          onclick: () => act("CallMisplay", {accused: s}), text: "call misplay"}));
      }
    }
    if (v && me.game === "malice") {
      const facts = [`${v.hand_sizes[s]} in hand`, `pay-off ${v.payoff_sizes[s]}`, `score ${v.scores[s]}`];
      if (v.game_over && v.winner === s) facts.push("winner");
      card.append(el("div", {class: "facts", text: facts.join(" · ")}));
    }
    box.append(card);
  }
}

function hints() { return $("hints").checked; }

// The countdown can be started only on a person deciding now (the server refuses it on a bot, and
// after the round), or it is running.
function countdownCanAct() {
  const v = me.view;
  if (me.countdown) return true;
  if (!v || v.round_over || v.game_over || v.to_act === null || v.to_act === undefined) return false;
  const seat = me.table && me.table.seats[v.to_act];
  return Boolean(seat && seat.kind === "human");
}

function consecText(trick, v) {
  const parts = [];
  if (trick.numerical !== null) {
    const next = v.required_value !== null ? `: the next hand must be ${RANKS[v.required_value]}s` : "";
    parts.push(`numerical consec (step ${trick.numerical})${next}`);
  }
  if (trick.suited !== null) parts.push(`suited consec: ${trick.suited.map((s) => s || "any").join(" ")}`);
  return parts.length ? parts.join("; ") : "no consec";
}

function drawSpite() {
  const v = me.view;
  const status = $("status");
  status.replaceChildren();
  const turn = v.round_over ? "the round is over" : (v.to_act === me.seat ? "your turn" : `${seatName(v.to_act)} to act`);
  const facts = [
    ["round", String(v.round_number)],
    ["turn", turn],
    ["direction", v.direction === "higher" ? "↑ higher" : "↓ lower"],
    ["consecs", consecText(v.trick, v)],
    ["arity", v.trick.arity === null ? "open" : String(v.trick.arity)],
    ["buy back", count(v.buy_back_due, "card")],
    ["deck", String(v.deck_size)],
    ["fake-joker pile", String(v.fake_pile_size)],
  ];
  if (v.opening) facts.push(["opening", `a lead with ${RANKS[v.opening.rank]}s`]);
  if (v.reward_count !== null) facts.push(["reward", `${count(v.reward_count, "card")} being viewed`]);
  for (const [key, value] of facts) status.append(el("span", {class: "fact", "data-fact": key}, el("b", {text: key + " "}), value));
  const bounty = el("span", {class: "fact", "data-fact": "bounty"}, el("b", {text: "bounty "}));
  bounty.append(v.bounty ? cardNode(v.bounty, {disabled: "", tabindex: "-1"}) : "none");
  status.append(bounty);

  const trick = $("trick");
  trick.replaceChildren();
  for (const play of v.trick.plays) {
    const row = el("li", {class: "play", "data-player": String(play.player)}, el("span", {class: "who", text: seatName(play.player)}));
    if (play.face_down && !play.cards.length) row.append(backNode("a face-down fake joker"));
    for (const card of play.cards) row.append(cardNode(card, {disabled: "", tabindex: "-1"}));
    if (play.face_down && play.cards.length) row.append(el("span", {class: "muted", text: " face-down"}));
    trick.append(row);
  }
  if (!v.trick.plays.length) trick.append(el("li", {class: "muted", text: v.round_over ? "—" : `${seatName(v.trick.leader)} leads`}));
  $("pending").textContent = v.pending.length ? "waiting out of turn: " + v.pending.map((p) =>
    `${seatName(p.player)} ${p.face_down && !p.cards.length ? "a face-down fake joker" : p.cards.join(" ")}`).join("; ") : "";

  const legalCards = new Set();
  if (hints()) for (const m of me.moves) if (m.action.kind === "Play") for (const c of m.action.data.cards) legalCards.add(c);
  const hand = $("hand");
  hand.replaceChildren();
  v.hand.forEach((card, i) => hand.append(selectable(card, "hand", i, legalCards)));
  const extras = $("extras");
  extras.replaceChildren();
  v.fake_jokers.forEach((card, i) => extras.append(selectable(card, "fake", i, legalCards)));
  v.earned.forEach((card, i) => extras.append(selectable(card, "earned", i, legalCards)));
  $("hand-size").textContent = count(v.hand.length, "card") + (v.fake_jokers.length ? `, ${count(v.fake_jokers.length, "fake joker")}` : "") +
    (v.earned.length ? `, ${v.earned.length} earned` : "");

  const rewarding = v.reward_cards.length > 0;
  $("reward").hidden = !rewarding;
  if (rewarding) {
    const box = $("reward-cards");
    box.replaceChildren();
    v.reward_cards.forEach((card, i) => {
      const node = cardNode(card, {"data-index": String(i)});
      if (me.rewardSelected === i) node.classList.add("selected");
      node.addEventListener("click", () => { me.rewardSelected = me.rewardSelected === i ? null : i; drawSpite(); });
      box.append(node);
    });
    if ($("reward-count").value === "") $("reward-count").value = String(v.reward_count);
  }
  $("next-round").hidden = !v.round_over;
  $("play").disabled = v.round_over; $("pass").disabled = v.round_over;
  drawMoves("moves", hints());
}

function selectable(card, source, index, legalCards) {
  const key = `${source}:${index}`;
  const node = cardNode(card, {"data-key": key});
  if (me.selected.has(key)) node.classList.add("selected");
  if (legalCards.has(card)) node.classList.add("legal");
  node.addEventListener("click", () => {
    if (me.selected.has(key)) me.selected.delete(key); else me.selected.add(key);
    node.classList.toggle("selected");
  });
  return node;
}

function drawMoves(id, shown) {
  const list = $(id);
  list.hidden = !shown;
  list.replaceChildren();
  if (!shown) return;
  for (const move of me.moves) {
    list.append(el("li", {}, el("button", {type: "button", class: "move", text: move.text,
      onclick: () => send({type: "action", action: move.action})})));
  }
  if (!me.moves.length) list.append(el("li", {class: "muted", text: "no move of yours now"}));
}

function drawGeneric() {
  $("status").textContent = `${me.table.title}: ` + (me.view.to_act === me.seat ? "your turn" : `${seatName(me.view.to_act)} to act`);
  $("generic-view").textContent = JSON.stringify(me.view, null, 1);
  const list = $("generic-moves");
  list.replaceChildren();
  for (const move of me.moves) {
    list.append(el("li", {}, el("button", {type: "button", class: "move", text: move.text,
      onclick: () => send({type: "action", action: move.action})})));
  }
}

// --- the countdown ---------------------------------------------------------------------------------

function setCountdown(countdown) {
  if (me.countdown && me.countdown.timer) clearInterval(me.countdown.timer);
  me.countdown = null;
  const text = $("countdown-text");
  if (!countdown) {
    text.textContent = ""; $("countdown").disabled = false;
    if (me.table && me.table.timed) $("countdown-bar").hidden = !countdownCanAct();
    return;
  }
  const ends = performance.now() + countdown.remaining_ms;
  const tick = () => {
    const left = Math.max(0, (ends - performance.now()) / 1000);
    text.textContent = `${seatName(countdown.seat)}: ${left.toFixed(1)} s of ${countdown.seconds} (started by ${seatName(countdown.started_by)})`;
  };
  tick();
  me.countdown = {...countdown, timer: setInterval(tick, 100)};
  $("countdown").disabled = true;
  if (me.table && me.table.timed) $("countdown-bar").hidden = false;
}

// --- the controls ----------------------------------------------------------------------------------

function selectedCards() {
  const v = me.view;
  const cards = [];
  let earned = false;
  for (const key of me.selected) {
    const [source, index] = key.split(":");
    const list = source === "hand" ? v.hand : source === "fake" ? v.fake_jokers : v.earned;
    if (list[Number(index)] === undefined) continue;
    cards.push(list[Number(index)]);
    if (source === "earned") earned = true;
  }
  return {cards, earned};
}

function clearChoices() {
  me.selected.clear(); me.rewardSelected = null;
  for (const id of ["say-higher", "say-lower", "say-cam", "say-unbeatable", "say-buy-back", "say-face-down", "say-bounty"]) $(id).checked = false;
  $("reward-count").value = "";
}

function wire() {
  $("play").addEventListener("click", () => {
    const {cards, earned} = selectedCards();
    if (!cards.length) { showError("select the cards to play first"); return; }
    act("Play", {
      cards,
      buy_back: $("say-buy-back").checked ? Number($("buy-back").value) : null,
      direction: $("say-higher").checked ? "higher" : $("say-lower").checked ? "lower" : null,
      come_at_me: $("say-cam").checked,
      unbeatable: $("say-unbeatable").checked,
      face_down: $("say-face-down").checked,
      earned,
      bounty_claim: $("say-bounty").checked ? Number($("bounty-claim").value) : null,
    });
    clearChoices();
  });
  $("pass").addEventListener("click", () => { act("Pass", {}); clearChoices(); });
  $("clear").addEventListener("click", () => { clearChoices(); drawSpite(); });
  $("hints").addEventListener("change", () => { if (me.view) draw(); });
  $("next-round").addEventListener("click", () => send({type: "next_round"}));
  $("countdown").addEventListener("click", () => send({type: "countdown"}));
  $("take-reward").addEventListener("click", () => {
    const {cards} = selectedCards();
    const take = me.rewardSelected === null ? null : me.view.reward_cards[me.rewardSelected];
    const swap = cards.length === 1 && take !== null;
    act("TakeReward", {count: Number($("reward-count").value), give: swap ? cards[0] : null, take: swap ? take : null});
    clearChoices();
  });
}

function start() {
  wire();
  wireMalice();
  const match = location.pathname.match(/^\/table\/([A-Za-z0-9_-]+)$/);
  if (!match) { lobby(); return; }
  const stored = storedSeat(match[1]);
  const wanted = new URLSearchParams(location.search).get("seat");
  const mine = stored && stored.token && (wanted === null || Number(wanted) === stored.seat);
  if (mine) connect(match[1], stored.token); else joinPage(match[1]);
}

start();
