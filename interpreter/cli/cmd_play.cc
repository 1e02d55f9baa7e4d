// cardboard play: interactive terminal play of a new game or a save, with
// undo, log and help at the prompt. Every decision is recorded in the save
// as it is taken, so quitting loses nothing.
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <algorithm>
#include <functional>
#include <map>
#include <filesystem>
#include <iostream>
#include <random>
#include <string>

#include "bots/bot.h"
#include "cli/commands.h"
#include "cli/save_args.h"
#include "session/readers.h"
#include "session/view_format.h"
#include "data/game_loader.h"
#include "session/hint.h"
#include "session/history.h"
#include "session/undo_policy.h"

namespace fs = std::filesystem;

namespace cardboard {

namespace {

constexpr const char* kHelp =
    "  a number or the text of a choice: take it\n"
    "  u, undo [N]   take back the last N decisions (default 1); between people a\n"
    "                side takes back only its own, up to the last roll, draw or\n"
    "                secret shown: add 'agreed' when both sides agree (u 2 agreed)\n"
    "  l, log [N]    the last N events with their rules (default 30)\n"
    "  s, status     the board again\n"
    "  b, bot        what the bot (--hint, default mcts:iterations=500,depth=40)\n"
    "                would take here, and its most tried choices with how their\n"
    "                playouts went: a hint; nothing is taken\n"
    "  h, help, ?    this help\n"
    "  q, quit       leave (the game is saved after every decision)\n";

// The events that `reader` may see, as it reads them.
void print_events(const History& h, const Result<std::vector<EventRow>>& events, int reader) {
  if (!events.ok()) return;
  const std::string id = reader_id(h.game().def(), reader);
  for (const auto& e : events.value())
    if (e.seen_by(id)) std::printf("%s", event_line(e.kind, e.rule, e.text_for(id)).c_str());
}

// The last n events as `reader` reads them.
void print_log_tail(History& h, size_t n, int reader) {
  auto events = h.file().events();
  if (!events.ok()) return;
  const std::string id = reader_id(h.game().def(), reader);
  std::vector<const EventRow*> seen;
  for (const auto& e : *events)
    if (e.seen_by(id)) seen.push_back(&e);
  const size_t from = seen.size() > n ? seen.size() - n : 0;
  for (size_t i = from; i < seen.size(); ++i)
    std::printf("%5lld %s", static_cast<long long>(seen[i]->action),
                event_line(seen[i]->kind, seen[i]->rule, seen[i]->text_for(id)).c_str());
}

// The board and the decision as `reader` sees them.
std::string screen(Game& g, int reader) {
  const View v = build_view(g, reader);
  return view_text(v) + decision_text(v);
}

// The rules and data files of a game, with their modification times: what
// `--watch` compares to notice an edit.
using FileTimes = std::map<std::string, fs::file_time_type>;

FileTimes watched_files(const GameDef& def) {
  FileTimes out;
  std::vector<std::string> dirs = {def.dir};
  dirs.insert(dirs.end(), def.base_dirs.begin(), def.base_dirs.end());
  std::error_code ec;
  for (const auto& dir : dirs)
    for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      const auto ext = it->path().extension();
      std::error_code entry_ec;
      if ((ext == ".lua" || ext == ".toml") && it->is_regular_file(entry_ec))
        out[it->path().string()] = it->last_write_time(entry_ec);
    }
  if (fs::exists(def.scenario_file, ec)) out[def.scenario_file] = fs::last_write_time(def.scenario_file, ec);
  return out;
}

// Waits for a line on standard input; with `watch`, checks the rules files
// twice a second meanwhile and calls `changed` when one was edited.
bool read_line(std::string& line, const std::function<void()>& watch) {
  while (watch && std::cin.rdbuf()->in_avail() <= 0) {
    pollfd in{STDIN_FILENO, POLLIN, 0};
    const int ready = ::poll(&in, 1, 500);
    if (ready > 0) break;
    if (ready < 0 && errno != EINTR) break;
    watch();
  }
  return static_cast<bool>(std::getline(std::cin, line));
}

std::string trim(const std::string& s) {
  const auto a = s.find_first_not_of(" \t\r\n");
  if (a == std::string::npos) return "";
  return s.substr(a, s.find_last_not_of(" \t\r\n") - a + 1);
}

// What the bot `hint` (NAME[:PARAMS]) would take for the side deciding in
// `g` (session/hint.h), as `reader` reads the choices.
void print_hint(Game& g, const std::string& hint, int reader) {
  auto bot = hint_bot(g, hint);
  if (!bot.ok()) return void(std::printf("%s\n", terminal_text(bot.error().message).c_str()));
  std::printf("(%s thinks...)\n", hint.c_str());
  std::fflush(stdout);
  auto c = (*bot)->choose(BotPosition::of(g));
  if (!c.ok()) return void(std::printf("the bot cannot choose here: %s\n", terminal_text(c.error().message).c_str()));
  const nlohmann::json j = hint_json(build_view(g, reader), **bot, *c, hint);
  std::printf("%s", hint_text(j, g.def().sides[static_cast<size_t>(g.state().pending.side)].title).c_str());
}

// The bots by side index; null for a side a person plays (or the rules).
using Bots = std::vector<std::unique_ptr<Bot>>;

bool is_bot(const Bots& bots, int side) { return side >= 0 && side < static_cast<int>(bots.size()) && bots[side]; }

int play(std::unique_ptr<History>& held, const std::string& path, bool watch, Bots& bots, const std::string& hint) {
  History* hp = held.get();
  const GameDef& def = hp->game().def();
  // The people at the keyboard; with one, every view is that side's, even while a bot decides.
  int person = -1, people = 0;
  for (size_t s = 0; s < def.sides.size(); ++s)
    if (!def.sides[s].automatic && !is_bot(bots, static_cast<int>(s))) person = static_cast<int>(s), ++people;
  auto reader_now = [&](const Game& g) { return people == 1 ? person : default_reader(g); };
  const std::string root = project_root();
  FileTimes times = watch ? watched_files(hp->game().def()) : FileTimes{};
  bool diverged = false;  // the edited rules differ from the recorded decisions
  // Re-runs the save on the rules now on disk; on success, plays on with them.
  auto reload = [&] {
    auto rep = History::verify_file(path, root);
    if (!rep.ok()) {
      std::printf("\nthe edited rules do not load: %s\n(still playing the rules loaded before)\n> ",
                  terminal_text(rep.error().message).c_str());
    } else if (rep->divergence) {
      diverged = true;
      std::printf("\nthe edited rules diverge at decision %lld: %s\n"
                  "take back the decisions from there on (u N) to go on under the new rules\n> ",
                  static_cast<long long>(rep->divergence->seq), terminal_text(rep->divergence->message).c_str());
    } else if (auto reopened = History::open(path, root); reopened.ok()) {
      diverged = false;
      held = std::move(*reopened);
      hp = held.get();
      std::printf("\nrules reloaded: all %lld decisions replay the same under them\n", static_cast<long long>(rep->actions_checked));
      std::printf("\n%s> ", screen(hp->game(), default_reader(hp->game())).c_str());
    } else {
      std::printf("\ncannot reload: %s\n> ", terminal_text(reopened.error().message).c_str());
    }
    std::fflush(stdout);
  };
  std::function<void()> on_idle;
  if (watch)
    on_idle = [&] {
      FileTimes now = watched_files(hp->game().def());
      if (now == times) return;
      times = std::move(now);
      reload();
    };
  std::printf("%s: %s (save: %s)\nType a choice's number, or h for help.\n\n", terminal_text(hp->game().def().title).c_str(),
              terminal_text(hp->game().def().scenario_title).c_str(), path.c_str());
  print_events(*hp, hp->file().events(), reader_now(hp->game()));
  bool show_board = true;  // after help or the log, only the prompt again
  int shown_to = reader_now(hp->game());  // whose view is on the screen
  // With two or more people at one keyboard, the screen is handed over.
  const bool hot_seat = people >= 2;
  for (;;) {
    Game& g = hp->game();
    const int viewer = reader_now(g);
    if (!g.state().finished && is_bot(bots, g.state().pending.side)) {
      const int side = g.state().pending.side;
      std::printf("\n(%s: the bot decides)\n", terminal_text(def.sides[side].title).c_str());
      std::fflush(stdout);
      auto c = bots[side]->choose(BotPosition::of(g));
      const Status s = c.ok() ? hp->act(std::to_string(*c + 1)) : Status(c.error());
      if (!s.ok()) {
        std::printf("the bot of %s failed: %s\n(the save is unchanged)\n", def.sides[side].id.c_str(),
                    terminal_text(s.error().message).c_str());
        return s.error().kind == ErrorKind::kScript ? 3 : 2;
      }
      print_events(*hp, hp->last_action_events(), viewer);
      continue;
    }
    // Piped input (a script, a test) has nobody to pass the screen to.
    if (hot_seat && stdin_is_terminal() && viewer >= 0 && shown_to >= 0 && viewer != shown_to) {
      // Another person decides next: the screen goes to them only once the
      // last one has read the outcome of their move and passed it on.
      std::printf("\n-- %s to decide: pass the screen, then press Enter (q quits) --\n",
                  terminal_text(g.def().sides[viewer].title).c_str());
      std::fflush(stdout);
      std::string line;
      if (!read_line(line, on_idle) || trim(line) == "q") return 0;
      if (stdout_is_terminal()) std::printf("\033[2J\033[3J\033[H");  // the last view leaves the screen
    }
    if (viewer >= 0) shown_to = viewer;
    if (show_board) {
      std::printf("\n%s", screen(g, viewer).c_str());
      if (g.state().finished) std::printf("(u to undo, l for the log, q to quit)\n");
    }
    show_board = true;
    std::printf("> ");
    std::fflush(stdout);
    std::string line;
    if (!read_line(line, on_idle)) {
      std::printf("\n");
      return 0;
    }
    line = trim(line);
    if (line.empty()) continue;
    const std::string word = line.substr(0, line.find(' '));
    const std::string rest = trim(line.size() > word.size() ? line.substr(word.size()) : "");
    if (word == "q" || word == "quit" || word == "exit") return 0;
    if (word == "h" || word == "help" || word == "?") {
      std::printf("%s", kHelp);
      show_board = false;
      continue;
    }
    if (word == "s" || word == "status") continue;
    if (word == "b" || word == "bot") {
      if (g.state().finished) std::printf("the game is over: %s\n", terminal_text(g.state().result).c_str());
      else print_hint(g, hint, viewer);
      show_board = false;
      continue;
    }
    if (word == "l" || word == "log") {
      print_log_tail(*hp,
                     rest.empty() || rest.find_first_not_of("0123456789") != std::string::npos ? 30
                                                                                              : std::stoul(rest),
                     viewer);
      show_board = false;
      continue;
    }
    if (word == "u" || word == "undo") {
      // u [N] [agreed]: "agreed" lifts a game between people's limits.
      std::string count = rest;
      const bool agreed = count.size() >= 6 && count.compare(count.size() - 6, 6, "agreed") == 0;
      if (agreed) count = trim(count.substr(0, count.size() - 6));
      if (!count.empty() && count.find_first_not_of("0123456789") != std::string::npos) {
        std::printf("undo takes a number of decisions: u 2 (or u 2 agreed)\n");
        continue;
      }
      const int64_t n = count.empty() ? 1 : std::stoll(count.substr(0, 9));
      // The policy is asked under the save's lock, about the actions the
      // undo takes back (another command may have changed the save). Against
      // bots, a practice game, undo is free, and it takes back the person's
      // decisions: each with the bots' moves after it.
      Status s = ok_status();
      if (people > 1 || !std::any_of(bots.begin(), bots.end(), [](const auto& b) { return b != nullptr; })) {
        s = hp->undo(n, [&] { return check_undo(*hp, {n, "", agreed}); });
      } else {
        for (int64_t taken = 0; taken < n && s.ok();) {
          s = hp->undo(1, [] { return ok_status(); });
          if (s.ok() && !is_bot(bots, hp->game().state().pending.side)) ++taken;
        }
      }
      if (!s.ok()) std::printf("cannot undo: %s\n", terminal_text(s.error().message).c_str());
      else std::printf("undid %lld decision%s\n", static_cast<long long>(n), n == 1 ? "" : "s");
      if (s.ok() && diverged) reload();
      continue;
    }
    if (g.state().finished) {
      std::printf("the game is over: %s\n", terminal_text(g.state().result).c_str());
      continue;
    }
    const int actor = viewer;
    // A save another command changed since this view was shown: the choice
    // was typed against a game that is no more. History reloads it and takes
    // nothing; the loop shows the new status.
    auto s = hp->act(line);
    if (!s.ok()) {
      std::printf("%s\n", terminal_text(s.error().message).c_str());
      if (s.error().kind == ErrorKind::kScript) std::printf("(the save is unchanged; the rules need fixing)\n");
      continue;
    }
    std::printf("\n");
    print_events(*hp, hp->last_action_events(), actor);
  }
}

}  // namespace

void add_play_command(CLI::App& app, int& code) {
  auto* cmd = app.add_subcommand("play", "play in the terminal: a new game of GAME/SCENARIO, or a save");
  struct Args {
    std::string target, save;
    uint64_t seed = 0;
    bool watch = false;
    std::vector<std::string> bots;
    bool people = false;
    std::string hint = kDefaultHint;
  };
  static Args a;
  cmd->add_option("game", a.target, "GAME/SCENARIO, a scenario file, or a save to resume")->required();
  add_seed_option(cmd, a.seed, "the seed of a new game (default: a random one)");
  cmd->add_option("--save", a.save, "where to save a new game (default: saves/GAME-SCENARIO.cbsave, numbered)");
  cmd->add_flag("--watch", a.watch,
                "reload the rules and data when their files change, re-running the recorded decisions on them; "
                "say at which decision they diverge");
  auto* bot = cmd->add_option("--bot", a.bots,
                               "SIDE=NAME[:KEY=VALUE,...]: a bot plays that side (the others are people; a save "
                               "resumes with the bots that last played it):\n" +
                                   bot_help());
  cmd->add_flag("--people", a.people, "resume a save with a person at every side, not the bots that last played it")
      ->excludes(bot);
  cmd->add_option("--hint", a.hint,
                  "NAME[:KEY=VALUE,...]: the bot that `b` at the prompt asks what it would take")
      ->capture_default_str();
  cmd->callback([&code, cmd] {
    const bool watch = a.watch;
    const std::string root = project_root();
    std::unique_ptr<History> h;
    std::string path;
    const std::string as_save = resolve_save(a.target);
    std::error_code ec;
    const bool resuming = fs::is_regular_file(as_save, ec) && fs::path(as_save).extension() != ".toml";
    if (resuming) {
      path = as_save;
      auto opened = History::open(path, root);
      if (!opened.ok()) return void(code = report(opened.error()));
      h = std::move(*opened);
      if (!h->warning().empty()) std::fprintf(stderr, "cardboard: warning: %s\n", h->warning().c_str());
    } else {
      auto def = load_game(a.target, root);
      if (!def.ok()) return void(code = report(def.error()));
      note_project((*def)->scenario_file);
      // A bad --bot is refused before a save is made.
      if (auto specs = parse_bot_specs(a.bots, **def); !specs.ok())
        return void(code = report(Error{ErrorKind::kUsage, specs.error().message}));
      if (auto s = check_hint(**def, a.hint); !s.ok()) return void(code = report(s.error()));
      path = a.save.empty() ? default_save_path((*def)->scenario_id) : a.save;
      std::random_device rd;
      const uint64_t seed = cmd->count("--seed") ? a.seed : ((static_cast<uint64_t>(rd()) << 31) ^ rd());
      auto created = History::create(path, a.target, root, seed);
      if (!created.ok()) return void(code = report(created.error()));
      h = std::move(*created);
    }
    // A save resumes with the bots that last played it, unless told otherwise.
    const bool from_save = resuming && a.bots.empty() && !a.people && !h->recorded_bots().empty();
    const std::vector<std::string> texts = from_save ? h->recorded_bots() : a.bots;
    const auto refuse_bots = [&](const Error& e) {
      if (!from_save) return report(e);
      return report(Error{ErrorKind::kUsage, path + " records bots it cannot play now (" + e.message +
                                                 "): give --bot, or --people to play every side"});
    };
    auto specs = parse_bot_specs(texts, h->game().def());
    if (!specs.ok()) return void(code = refuse_bots(Error{ErrorKind::kUsage, specs.error().message}));
    if (auto s = check_hint(h->game().def(), a.hint); !s.ok()) return void(code = report(s.error()));
    Bots bots(h->game().def().sides.size());
    for (const auto& spec : *specs) {
      auto b = make_bot(spec, h->game().def_ptr(), h->game().seed() ^ 0xb07);
      if (!b.ok()) return void(code = refuse_bots(b.error()));
      bots[static_cast<size_t>(spec.side)] = std::move(*b);
    }
    if (from_save) {
      std::string named;
      for (const auto& t : texts) named.append(named.empty() ? "" : ", ").append(t);
      std::printf("(the bots that last played this save: %s; --people plays every side)\n", named.c_str());
    }
    if (auto s = h->record_bots(texts); !s.ok())
      std::fprintf(stderr, "cardboard: warning: the bots were not recorded in the save: %s\n", terminal_text(s.error().message).c_str());
    code = play(h, path, watch, bots, a.hint);
  });
}

}  // namespace cardboard
