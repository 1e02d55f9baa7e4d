// The commands on a save file, for scripts and tests: new, status, act,
// hint, undo, log and replay. Each opens the save, does one thing and exits;
// the save holds the whole game between them.
#include <chrono>
#include <cstdio>
#include <random>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/save_args.h"
#include "core/bytes.h"
#include "data/game_loader.h"
#include "session/hint.h"
#include "session/history.h"
#include "session/json_text.h"
#include "session/readers.h"
#include "session/undo_policy.h"
#include "session/view_format.h"

namespace cardboard {

namespace {

// reader: a side id, "" a spectator, "*" every piece named.
nlohmann::json event_json(const EventRow& e, const std::string& reader) {
  nlohmann::json j = {{"action", e.action}, {"kind", e.kind}, {"rule", e.rule}, {"text", e.text_for(reader)}};
  if (!e.visible_to.empty()) j["visible_to"] = e.visible_to;
  return j;
}

void print_event(const EventRow& e, const std::string& reader) {
  std::printf("%s", event_line(e.kind, e.rule, e.text_for(reader)).c_str());
}

// The board is printed through `reader`'s eyes; the JSON carries the whole
// state's hash unless a side was named (--as): whoever runs the command line
// holds the save, but a side's view must not carry it (session/view.h).
void print_status(History& h, int reader, bool json, const std::string& save, bool whole_hash = true) {
  const View v = build_view(h.game(), reader);
  if (json) {
    auto j = view_json(v);
    if (whole_hash) j["state_hash"] = hash_hex(h.game().state().hash());
    j["save"] = save;
    j["actions"] = h.action_count();
    // Input an older save carried over to the next roll or draw.
    if (const ForcedInput left = h.game().forced_left(); !left.empty()) {
      nlohmann::json draws = nlohmann::json::object();
      for (const auto& [location, cards] : left.draws) draws[location] = cards;
      j["forced"] = {{"dice", left.dice}, {"draws", draws}};
    }
    std::printf("%s\n", json_text(j, 2).c_str());
    return;
  }
  std::printf("%s%s", view_text(v).c_str(), decision_text(v).c_str());
}

// --at N: a caller that must not act on a stale view (a script, a server)
// says how many actions the save held when it looked; checked under the
// write lock, so what it decided on is what it writes to.
Status check_at(const History& h, int64_t at, const std::string& path) {
  if (at < 0 || h.action_count() == at) return ok_status();
  const int64_t n = h.action_count();
  return rejected("the save " + path + " holds " + std::to_string(n) + (n == 1 ? " action" : " actions") + ", not " +
                  std::to_string(at) + " (--at " + std::to_string(at) +
                  "): another command changed it; nothing was done: look at its status and try again");
}

void add_at_option(CLI::App* cmd, int64_t& at) {
  cmd->add_option("--at", at,
                  "refuse (exit 2, the save unchanged) unless the save holds exactly N actions: for a caller that "
                  "must not act on a save another command changed since it looked")
      ->check(CLI::NonNegativeNumber);
}

uint64_t fresh_seed() {
  std::random_device rd;
  return (static_cast<uint64_t>(rd()) << 32 ^ rd()) & 0x7fffffffffffffffULL;
}

}  // namespace

void add_save_commands(CLI::App& app, int& code) {
  // new
  {
    auto* cmd = app.add_subcommand("new", "start a game, save it and print its status");
    struct Args {
      std::string game, save;
      uint64_t seed = 0;
      bool seeded = false, json = false, force = false;
      ForcedArgs forced;
    };
    static Args a;
    cmd->add_option("game", a.game, "GAME/SCENARIO or a scenario file")->required();
    add_seed_option(cmd, a.seed, "the game's seed (default: a random one, printed)");
    cmd->add_option("--save", a.save, "the save file (default: saves/GAME-SCENARIO.cbsave, numbered if taken)");
    cmd->add_flag("--force", a.force, "overwrite the save file if it exists");
    cmd->add_flag("--json", a.json, "print the status as JSON");
    a.forced.add_to(cmd);
    cmd->callback([&code, cmd] {
      const std::string root = project_root();
      auto forced = a.forced.parse();
      if (!forced.ok()) return void(code = report(forced.error()));
      auto def = load_game(a.game, root);
      if (!def.ok()) return void(code = report(def.error()));
      note_project((*def)->scenario_file);
      const std::string path = a.save.empty() ? default_save_path((*def)->scenario_id) : a.save;
      const uint64_t seed = cmd->count("--seed") ? a.seed : fresh_seed();
      auto h = History::create(path, a.game, root, seed, *forced, a.force);
      if (!h.ok()) return void(code = report(h.error()));
      if (!a.json) {
        std::printf("saved to %s (seed %llu)\n", path.c_str(), static_cast<unsigned long long>(seed));
        if (auto events = (*h)->file().events(0); events.ok()) {
          const std::string reader = reader_id((*h)->game().def(), default_reader((*h)->game()));
          for (const auto& e : *events)
            if (e.seen_by(reader)) print_event(e, reader);
        }
      }
      print_status(**h, default_reader((*h)->game()), a.json, path);
      code = 0;
    });
  }
  // status
  {
    auto* cmd = app.add_subcommand("status", "print the view of the acting side (or --as SIDE): board, prompt, choices");
    struct Args {
      std::string save, as;
      bool json = false;
    };
    static Args a;
    cmd->add_option("save", a.save, "the save file, or its name under saves/")->required();
    cmd->add_option("--as", a.as, "the side whose view to print");
    cmd->add_flag("--json", a.json,
                  "print JSON: turn, phase, active, prompt, choices [{n, text}], state_hash, finished, result ...");
    cmd->callback([&code] {
      const std::string path = resolve_save(a.save);
      auto h = History::open(path, project_root(), History::Access::kReadOnly);
      if (!h.ok()) return void(code = report(h.error()));
      if (!(*h)->warning().empty()) std::fprintf(stderr, "cardboard: warning: %s\n", (*h)->warning().c_str());
      auto side = side_arg((*h)->game().def(), a.as);
      if (!side.ok()) return void(code = report(side.error()));
      print_status(**h, *side >= 0 ? *side : default_reader((*h)->game()), a.json, path, *side < 0);
      code = 0;
    });
  }
  // act
  {
    auto* cmd = app.add_subcommand("act", "take a choice: print the events it caused and the new status");
    struct Args {
      std::string save, choice;
      int64_t at = -1;
      bool json = false;
      ForcedArgs forced;
    };
    static Args a;
    cmd->add_option("save", a.save, "the save file, or its name under saves/")->required();
    cmd->add_option("choice", a.choice, "the number of a legal choice, or its exact text")->required();
    cmd->add_flag("--json", a.json, "print JSON: {events: [...], status: {...}}");
    add_at_option(cmd, a.at);
    a.forced.add_to(cmd);
    cmd->callback([&code] {
      auto forced = a.forced.parse();
      if (!forced.ok()) return void(code = report(forced.error()));
      const std::string path = resolve_save(a.save);
      // The save is locked before it is read: the choice is taken on the
      // save it is written to, whatever other commands do meanwhile.
      auto h = History::open(path, project_root(), History::Access::kWrite);
      if (!h.ok()) return void(code = report(h.error()));
      History& hist = **h;
      if (auto at = check_at(hist, a.at, path); !at.ok()) return void(code = report(at.error()));
      const int actor = hist.game().state().pending.side;
      const std::string actor_id = actor >= 0 ? hist.game().def().sides[actor].id : "";
      auto s = hist.act(a.choice, *forced);
      if (!s.ok()) return void(code = report(s.error()));
      auto events = hist.last_action_events();
      if (!events.ok()) return void(code = report(events.error()));
      if (a.json) {
        nlohmann::json ev = nlohmann::json::array();
        for (const auto& e : *events)
          if (e.seen_by(actor_id)) ev.push_back(event_json(e, actor_id));
        auto st = view_json(build_view(hist.game(), default_reader(hist.game())));
        st["state_hash"] = hash_hex(hist.game().state().hash());
        st["save"] = path;
        st["actions"] = hist.action_count();
        std::printf("%s\n", json_text({{"events", ev}, {"status", st}}, 2).c_str());
      } else {
        for (const auto& e : *events)
          if (e.seen_by(actor_id)) print_event(e, actor_id);
        print_status(hist, default_reader(hist.game()), false, path);
      }
      code = 0;
    });
  }
  // hint
  {
    auto* cmd = app.add_subcommand("hint", "what a bot would take at the decision for the side that decides; nothing is taken");
    struct Args {
      std::string save, bot = kDefaultHint;
      bool json = false;
    };
    static Args a;
    cmd->add_option("save", a.save, "the save file, or its name under saves/")->required();
    cmd->add_option("--bot", a.bot, "NAME[:KEY=VALUE,...]: the bot asked; it plays the deciding side")->capture_default_str();
    cmd->add_flag("--json", a.json, "print JSON: {actions, bot, choice, value, text, iterations, tried: [{n, value, text, visits, mean}]}");
    cmd->callback([&code] {
      const std::string path = resolve_save(a.save);
      auto h = History::open(path, project_root(), History::Access::kReadOnly);
      if (!h.ok()) return void(code = report(h.error()));
      if (!(*h)->warning().empty()) std::fprintf(stderr, "cardboard: warning: %s\n", (*h)->warning().c_str());
      Game& g = (*h)->game();
      if (auto s = check_hint(g.def(), a.bot, "--bot"); !s.ok()) return void(code = report(s.error()));
      auto bot = hint_bot(g, a.bot, "--bot");
      if (!bot.ok()) return void(code = report(bot.error()));
      auto c = (*bot)->choose(BotPosition::of(g));
      if (!c.ok()) return void(code = report(c.error()));
      const int side = g.state().pending.side;
      nlohmann::json j = hint_json(build_view(g, side), **bot, *c, a.bot);
      j["actions"] = (*h)->action_count();
      if (a.json) std::printf("%s\n", json_text(j, 2).c_str());
      else std::printf("%s", hint_text(j, g.def().sides[static_cast<size_t>(side)].title).c_str());
      code = 0;
    });
  }
  // undo
  {
    auto* cmd = app.add_subcommand("undo", "take back the last N actions (kept in the save as an abandoned branch)");
    struct Args {
      std::string save, as;
      int64_t n = 1, at = -1;
      bool json = false, agreed = false;
    };
    static Args a;
    cmd->add_option("save", a.save, "the save file, or its name under saves/")->required();
    cmd->add_option("n", a.n, "how many actions")->capture_default_str()->check(CLI::NonNegativeNumber);
    cmd->add_option("--as", a.as, "the side asking, in a game between people (default: the side of the last action)");
    cmd->add_flag("--agreed", a.agreed,
                  "both sides agree: take back any actions (a game between people otherwise allows a side only its "
                  "own, up to the last roll, draw or secret shown)");
    cmd->add_flag("--json", a.json, "print the new status as JSON");
    add_at_option(cmd, a.at);
    cmd->callback([&code] {
      const std::string path = resolve_save(a.save);
      // Locked before it is read: the policy and the undo see the actions
      // the undo takes back, and no others.
      auto h = History::open(path, project_root(), History::Access::kWrite);
      if (!h.ok()) return void(code = report(h.error()));
      if (auto side = side_arg((*h)->game().def(), a.as); !side.ok()) return void(code = report(side.error()));
      if (auto at = check_at(**h, a.at, path); !at.ok()) return void(code = report(at.error()));
      if (auto allowed = check_undo(**h, {a.n, a.as, a.agreed}); !allowed.ok()) return void(code = report(allowed.error()));
      auto s = (*h)->undo(a.n);
      if (!s.ok()) return void(code = report(s.error()));
      if (!a.json) std::printf("undid %lld action%s; %lld left\n", static_cast<long long>(a.n), a.n == 1 ? "" : "s",
                               static_cast<long long>((*h)->action_count()));
      print_status(**h, default_reader((*h)->game()), a.json, path);
      code = 0;
    });
  }
  // log
  {
    auto* cmd = app.add_subcommand("log", "print the game's events with their rule references");
    struct Args {
      std::string save, as;
      bool json = false;
    };
    static Args a;
    cmd->add_option("save", a.save, "the save file, or its name under saves/")->required();
    cmd->add_option("--as", a.as,
                    "show only what this side may see (default: the side that decides now or the one side people "
                    "play; everything once the game is over; else what every side sees)");
    cmd->add_flag("--json", a.json, "print JSON: [{action, kind, rule, text, visible_to}]");
    cmd->callback([&code] {
      const std::string path = resolve_save(a.save);
      auto file = SaveFile::open(path, SaveFile::kBusyTimeoutMs, SaveFile::Mode::kReadOnly);
      if (!file.ok()) return void(code = report(file.error()));
      auto meta = (*file)->meta();
      if (!meta.ok()) return void(code = report(meta.error()));
      // The game's data (not its rules) names the sides.
      auto def = load_game(meta->scenario, project_root());
      if (!def.ok()) return void(code = report(Error{def.error().kind, "save " + path + " was made with " + meta->scenario + ": " + def.error().message}));
      auto side = side_arg(**def, a.as);
      if (!side.ok()) return void(code = report(side.error()));
      auto events = (*file)->events();  // one version of the file
      if (!events.ok()) return void(code = report(events.error()));
      const bool finished = !events->empty() && events->back().kind == "result";
      const std::string reader = reader_id(**def, *side >= 0 ? *side : default_reader(**def, -1, finished));
      nlohmann::json j = nlohmann::json::array();
      for (const auto& e : *events) {
        if (!e.seen_by(reader)) continue;
        if (a.json) j.push_back(event_json(e, reader));
        else
          std::printf("%5lld %s", static_cast<long long>(e.action), event_line(e.kind, e.rule, e.text_for(reader)).c_str());
      }
      if (a.json) std::printf("%s\n", json_text(j, 2).c_str());
      code = 0;
    });
  }
  // replay
  {
    auto* cmd = app.add_subcommand(
        "replay", "step through a saved game from its recorded events (no rules run); --verify re-executes it");
    struct Args {
      std::string save;
      bool verify = false, json = false;
    };
    static Args a;
    cmd->add_option("save", a.save, "the save file, or its name under saves/")->required();
    cmd->add_flag("--verify", a.verify,
                  "re-run the rules and compare the state hash after every action; report the first divergence");
    cmd->add_flag("--json", a.json, "print JSON");
    cmd->callback([&code] {
      const std::string root = project_root();
      const std::string path = resolve_save(a.save);
      if (!a.verify) {
        auto file = SaveFile::open(path, SaveFile::kBusyTimeoutMs, SaveFile::Mode::kReadOnly);
        if (!file.ok()) return void(code = report(file.error()));
        auto view = (*file)->read_view();  // the actions and the events of one version of the file
        if (!view.ok()) return void(code = report(view.error()));
        auto actions = (*file)->actions();
        auto events = (*file)->events();
        if (!actions.ok()) return void(code = report(actions.error()));
        if (!events.ok()) return void(code = report(events.error()));
        nlohmann::json j = nlohmann::json::array();
        size_t e = 0;
        for (int64_t seq = 0; seq <= static_cast<int64_t>(actions->size()); ++seq) {
          nlohmann::json step = {{"action", seq}};
          if (seq > 0) {
            const auto& act = (*actions)[seq - 1];
            step["side"] = act.side;
            step["choice"] = act.text;
            step["value"] = act.value;
            step["state_hash"] = act.state_hash;
            if (!a.json) std::printf("== %lld. %s: %s\n", static_cast<long long>(seq), act.side.c_str(), terminal_text(act.text).c_str());
          }
          nlohmann::json evs = nlohmann::json::array();
          for (; e < events->size() && (*events)[e].action == seq; ++e) {
            const auto& ev = (*events)[e];
            if (a.json) evs.push_back(event_json(ev, "*"));
            else
              print_event(ev, "*");
          }
          step["events"] = evs;
          if (a.json) j.push_back(step);
        }
        if (a.json) std::printf("%s\n", json_text(j, 2).c_str());
        code = 0;
        return;
      }
      auto h = History::open(path, root, History::Access::kReadOnly);
      if (!h.ok()) return void(code = report(h.error()));
      std::function<void(int64_t, int64_t)> progress;
      if (stderr_is_terminal())
        progress = [](int64_t done, int64_t total) {
          std::fprintf(stderr, "\rverified %lld/%lld actions", static_cast<long long>(done), static_cast<long long>(total));
          if (done == total) std::fprintf(stderr, "\n");
        };
      const auto start = std::chrono::steady_clock::now();
      auto r = (*h)->verify(progress);
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (!r.ok()) return void(code = report(r.error()));
      if (a.json) {
        nlohmann::json j = {{"verified", r->ok()},
                            {"actions_checked", r->actions_checked},
                            {"rules_changed", r->rules_changed},
                            {"seconds", seconds}};
        if (r->divergence)
          j["divergence"] = {{"action", r->divergence->seq},
                             {"expected_hash", r->divergence->expected_hash},
                             {"actual_hash", r->divergence->actual_hash},
                             {"choices_differ", r->divergence->choices_differ},
                             {"message", r->divergence->message}};
        std::printf("%s\n", json_text(j, 2).c_str());
      } else if (r->ok()) {
        std::printf("verified: %lld actions give the recorded state hashes%s (%.3f s)\n",
                    static_cast<long long>(r->actions_checked),
                    r->rules_changed ? ", although the rules changed since" : "", seconds);
      } else {
        std::printf("diverged at action %lld: %s\n", static_cast<long long>(r->divergence->seq),
                    r->divergence->message.c_str());
      }
      code = r->ok() ? 0 : 2;
    });
  }
}

}  // namespace cardboard
