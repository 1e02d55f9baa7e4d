// A bot asked what it would take at a decision, without taking it: play's
// `b`, serve's Hint button (POST /api/play/TOKEN/hint) and `cardboard hint`.
// The bot plays the deciding side as any bot would (a search samples what
// that side cannot see), seeded from the game's seed and what the side
// sees, so asking again gives the same hint.
#pragma once

#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "bots/bot.h"
#include "core/error.h"
#include "session/view.h"

namespace cardboard {

// The default bot of a hint: its playouts cut after 40 decisions where the
// game has a bot_eval, so that a hint of a long game takes a second or two.
inline constexpr const char* kDefaultHint = "mcts:iterations=500,depth=40";

// The bot `spec` ("NAME[:PARAMS]") for the side deciding in `g`; errors
// name `option` (--hint).
Result<std::unique_ptr<Bot>> hint_bot(const Game& g, const std::string& spec, const std::string& option = "--hint");

// Whether `spec` names a bot the game's sides of people could ask (the
// check made before a hint is ever asked).
Status check_hint(const GameDef& def, const std::string& spec, const std::string& option = "--hint");

// What `bot` chose (`choice`, 0-based) at the decision `view` shows:
// {bot, choice (1-based), value, text, and for a search iterations and
// tried: [{n, value, text, visits, mean}] its three most tried choices,
// sure: {apart, margin, noise, text} where it tried two or more (text:
// sure_text's words), and
// stopped: true where a time limit cut the search short}.
nlohmann::json hint_json(const View& view, const Bot& bot, int choice, const std::string& spec);

// The same as lines for a terminal, the side's title named.
std::string hint_text(const nlohmann::json& hint, const std::string& side_title);
// How sure the hint is (its "sure": whether the most tried choice is ahead
// of the next by more than twice the standard error of their means), in
// words: "a clear preference: ..." or "a guess: ...". Needs "sure".
std::string sure_text(const nlohmann::json& hint);

}  // namespace cardboard
