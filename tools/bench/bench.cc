// cardboard_bench: the measurements README.md quotes (tools/bench/README.md
// says what each one means). Every subcommand prints one JSON object a line,
// each with a "bench" key; the script tools/bench/run runs them several times
// and reports medians. These are measurements, never tests: nothing here
// asserts a time.
//
//   cardboard_bench sim SCENARIO [--games N] [--jobs J] [--seed S] [--avoid TEXT]...
//   cardboard_bench jobs SCENARIO [--games N] [--seed S] [--avoid TEXT]...
//   cardboard_bench record SCENARIO [--games N] [--seed S] [--avoid TEXT]... [--dir D]
//   cardboard_bench marathon [SCENARIO] [--actions N] [--runs R] [--cli-runs R]
//                            [--cardboard PATH] [--seed S] [--avoid TEXT]... [--dir D]
//   cardboard_bench reachable SCENARIO [--calls N] [--piece P]
//   cardboard_bench mcts SCENARIO [--iterations N] [--depth D] [--decisions K] [--side SIDE]
//                        [--seed S] [--trace] [--profile-rules N]
//   common: --root ROOT (default: project_root()); --help
//
// --avoid TEXT makes the random bot never take a choice with that exact text
// (the marathon fixture's "explode" is a rules error on purpose).
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/bytes.h"
#include "core/rng.h"
#include "data/game_loader.h"
#include "script/game.h"
#include "bots/simulate.h"
#include "bots/mcts.h"
#include "script/rules_profile.h"
#include "session/history.h"

extern char** environ;

namespace fs = std::filesystem;
using cardboard::Game;
using cardboard::History;
using cardboard::RandomBot;
using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

json summary_ms(const std::vector<double>& seconds) {
  std::vector<double> ms;
  for (double s : seconds) ms.push_back(s * 1e3);
  return {{"median_ms", median(ms)},
          {"min_ms", *std::min_element(ms.begin(), ms.end())},
          {"max_ms", *std::max_element(ms.begin(), ms.end())},
          {"runs", ms.size()}};
}

[[noreturn]] void die(const std::string& msg) {
  std::cerr << "cardboard_bench: " << msg << "\n";
  std::exit(1);
}

struct Args {
  std::string cmd;
  std::string scenario;
  std::string root;
  std::string dir;
  std::string cardboard;
  int64_t games = -1;
  int jobs = 1;
  uint64_t seed = 1;
  int64_t actions = 6000;
  int64_t calls = 200000;
  int piece = 1;
  int runs = 20;
  int cli_runs = 10;
  int64_t iterations = 1000;
  int64_t depth = 0;
  int64_t decisions = 20;
  bool trace = false;
  int profile = 0;
  std::string side;
  std::set<std::string> avoid;
};

constexpr const char* kUsage =
    "usage: cardboard_bench COMMAND [SCENARIO] [options]: one JSON line a measurement (tools/bench/README.md)\n"
    "  sim SCENARIO        random games in memory: --games N --jobs J --seed S --avoid TEXT --profile-rules N\n"
    "  jobs SCENARIO       the same games on 1 and 2 threads: --games N --seed S --avoid TEXT\n"
    "  record SCENARIO     recorded games against in-memory ones: --games N --seed S --avoid TEXT --dir D\n"
    "  marathon [SCENARIO] a long save's load, undo, verify and commands: --actions N --runs R --cli-runs R\n"
    "                      --cardboard PATH --seed S --avoid TEXT --dir D\n"
    "  reachable SCENARIO  the kit's movement search: --calls N --piece P\n"
    "  mcts SCENARIO       Monte Carlo tree search: --iterations N --depth D --decisions K --side SIDE --seed S\n"
    "                      --trace --profile-rules N\n"
    "  every command: --root ROOT (the project's folder by default), --help\n";

Args parse(int argc, char** argv) {
  Args a;
  for (int i = 1; i < argc; ++i) {
    const std::string k = argv[i];
    if (k == "--help" || k == "-h") {
      std::cout << kUsage;
      std::exit(0);
    }
  }
  if (argc < 2) die(kUsage);
  a.cmd = argv[1];
  for (int i = 2; i < argc; ++i) {
    const std::string k = argv[i];
    auto val = [&]() -> std::string {
      if (i + 1 >= argc) die("missing value after " + k);
      return argv[++i];
    };
    // A number that is not one is an error with its option's name, not an
    // exception that ends the process.
    auto number = [&](auto convert) {
      const std::string v = val();
      try {
        size_t used = 0;
        const auto n = convert(v, &used);
        if (used == v.size()) return n;
      } catch (const std::exception&) {
      }
      die("bad value for " + k + ": '" + v + "' (a number expected)");
    };
    auto int64 = [](const std::string& v, size_t* used) { return static_cast<int64_t>(std::stoll(v, used)); };
    auto int32 = [](const std::string& v, size_t* used) { return std::stoi(v, used); };
    auto uint64 = [](const std::string& v, size_t* used) { return static_cast<uint64_t>(std::stoull(v, used)); };
    if (k == "--games") a.games = number(int64);
    else if (k == "--jobs") a.jobs = number(int32);
    else if (k == "--seed") a.seed = number(uint64);
    else if (k == "--actions") a.actions = number(int64);
    else if (k == "--runs") a.runs = number(int32);
    else if (k == "--calls") a.calls = number(int64);
    else if (k == "--piece") a.piece = number(int32);
    else if (k == "--cli-runs") a.cli_runs = number(int32);
    else if (k == "--root") a.root = val();
    else if (k == "--dir") a.dir = val();
    else if (k == "--cardboard") a.cardboard = val();
    else if (k == "--avoid") a.avoid.insert(val());
    else if (k == "--iterations") a.iterations = number(int64);
    else if (k == "--depth") a.depth = number(int64);
    else if (k == "--decisions") a.decisions = number(int64);
    else if (k == "--trace") a.trace = true;
    else if (k == "--profile-rules") a.profile = number(int32);
    else if (k == "--side") a.side = val();
    else if (!k.starts_with("--") && a.scenario.empty()) a.scenario = k;
    else die("unknown argument " + k + " (--help lists them)");
  }
  // A fixture's scenario file (ROOT/scenarios/GAME/NAME.toml) names its game
  // under ROOT/rules: take ROOT from the path unless --root says otherwise.
  if (a.root.empty() && a.scenario.ends_with(".toml")) {
    const fs::path p = fs::absolute(a.scenario).lexically_normal();
    if (p.parent_path().parent_path().filename() == "scenarios")
      a.root = p.parent_path().parent_path().parent_path().string();
  }
  if (a.root.empty()) a.root = cardboard::project_root();
  if (a.runs < 1 || a.cli_runs < 0) die("--runs must be >= 1 and --cli-runs >= 0");
  return a;
}

// The random bot, skipping the avoided choices (all of them avoided: any).
int pick(RandomBot& bot, const Game& g, const std::set<std::string>& avoid) {
  const auto& choices = g.state().pending.choices;
  if (avoid.empty()) return bot.choose(static_cast<int>(choices.size()));
  std::vector<int> allowed;
  for (int i = 0; i < static_cast<int>(choices.size()); ++i)
    if (!avoid.count(choices[i].option)) allowed.push_back(i);
  if (allowed.empty()) return bot.choose(static_cast<int>(choices.size()));
  return allowed[static_cast<size_t>(bot.choose(static_cast<int>(allowed.size())))];
}

std::shared_ptr<const cardboard::GameDef> load(const Args& a) {
  auto def = cardboard::load_game(a.scenario, a.root);
  if (!def.ok()) die(def.error().message);
  return *def;
}

// Seeds exactly as simulate() derives them, so game i is the same game here.
uint64_t game_seed(uint64_t seed, int64_t i) { return cardboard::derive_seed(seed, static_cast<uint64_t>(i)); }
uint64_t bot_seed(uint64_t gs) { return cardboard::derive_seed(gs, 0xb07); }

// ---- a. in-memory random games --------------------------------------------

struct SimResult {
  int64_t games = 0, decisions = 0, errors = 0;
  double seconds = 0;
  std::string first_error;
};

// simulate() itself; with --avoid, the same loop as simulate's but with a bot
// that skips the avoided choices (one thread).
SimResult run_sim(const Args& a, std::shared_ptr<const cardboard::GameDef> def, int64_t games, int jobs) {
  SimResult r;
  r.games = games;
  if (a.avoid.empty()) {
    cardboard::SimOptions o;
    o.games = games;
    o.seed = a.seed;
    o.jobs = jobs;
    auto rep = cardboard::simulate(def, o);
    if (!rep.ok()) die(rep.error().message);
    r.decisions = rep->decisions;
    r.errors = rep->errors;
    r.first_error = rep->first_error;
    r.seconds = rep->seconds;
    return r;
  }
  if (jobs != 1) die("--avoid runs on one thread only");
  const auto t0 = Clock::now();
  auto g = Game::create(def);
  if (!g.ok()) die(g.error().message);
  Game& game = **g;
  game.set_record_events(false);
  for (int64_t i = 0; i < games; ++i) {
    const uint64_t gs = game_seed(a.seed, i);
    RandomBot bot(bot_seed(gs));
    game.set_decider([&](Game& gg) {
      ++r.decisions;
      return pick(bot, gg, a.avoid);
    });
    auto st = game.start(gs);
    game.set_decider(nullptr);
    if (!st.ok() && r.errors++ == 0) r.first_error = st.error().message;
  }
  r.seconds = since(t0);
  return r;
}

json sim_json(const Args& a, const SimResult& r, int jobs) {
  return {{"bench", "sim"},
          {"scenario", a.scenario},
          {"jobs", jobs},
          {"games", r.games},
          {"decisions", r.decisions},
          {"errors", r.errors},
          {"first_error", r.first_error},
          {"seconds", r.seconds},
          {"games_per_second", r.games / r.seconds},
          {"decisions_per_second", r.decisions / r.seconds}};
}

void cmd_sim(const Args& a) {
  auto def = load(a);
  const int64_t games = a.games > 0 ? a.games : 20000;
  std::cout << sim_json(a, run_sim(a, def, games, a.jobs), a.jobs).dump() << std::endl;
}

// ---- f. jobs 2 against jobs 1 ----------------------------------------------

void cmd_jobs(const Args& a) {
  auto def = load(a);
  const int64_t games = a.games > 0 ? a.games : 40000;
  const SimResult one = run_sim(a, def, games, 1);
  const SimResult two = run_sim(a, def, games, 2);
  const double g1 = one.games / one.seconds, g2 = two.games / two.seconds;
  std::cout << json{{"bench", "jobs"},
                    {"scenario", a.scenario},
                    {"games", games},
                    {"jobs1_games_per_second", g1},
                    {"jobs2_games_per_second", g2},
                    {"ratio", g2 / g1},
                    {"same_outcomes", one.decisions == two.decisions && one.errors == two.errors}}
                   .dump()
            << std::endl;
}

// ---- b. recorded games against in-memory games ------------------------------

void remove_save(const std::string& path) {
  std::error_code ec;
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(path + suffix, ec);
}

std::string make_dir(const Args& a) {
  std::string base = a.dir.empty() ? (fs::temp_directory_path() / "cardboard_bench.XXXXXX").string()
                                   : (fs::path(a.dir) / "cardboard_bench.XXXXXX").string();
  std::vector<char> buf(base.begin(), base.end());
  buf.push_back('\0');
  if (!mkdtemp(buf.data())) die("cannot create a temporary folder from " + base);
  return buf.data();
}

void cmd_record(const Args& a) {
  auto def = load(a);
  const int64_t games = a.games > 0 ? a.games : 300;
  const std::string dir = make_dir(a);

  double mem_act = 0, mem_game = 0, rec_act = 0, rec_game = 0, rec_create = 0, rec_close = 0;
  int64_t mem_actions = 0, rec_actions = 0, bytes = 0, mismatches = 0, errors = 0;
  std::string first_error;
  for (int64_t i = 0; i < games; ++i) {
    const uint64_t gs = game_seed(a.seed, i);
    // In memory: the same Game API a player's action takes (act suspends the
    // rules at every decision), with events recorded and then dropped. A
    // fresh Game, as History::create makes one for the recorded game: its
    // first actions run on a cold Lua state (rules' caches, the allocator's
    // first blocks), and that is not recording's cost.
    std::string mem_hash;
    {
      auto created = Game::create(def);
      if (!created.ok()) die(created.error().message);
      Game& mem = **created;
      mem.set_record_events(true);
      RandomBot bot(bot_seed(gs));
      const auto t0 = Clock::now();
      auto st = mem.start(gs);
      mem.clear_events();
      const auto t1 = Clock::now();
      while (st.ok() && !mem.state().finished && mem.state().pending.open()) {
        st = mem.act(pick(bot, mem, a.avoid));
        mem.clear_events();
        ++mem_actions;
      }
      mem_act += since(t1);
      mem_game += since(t0);
      if (!st.ok()) {
        if (errors++ == 0) first_error = st.error().message;
        continue;
      }
      mem_hash = cardboard::hash_hex(mem.state().hash());
    }
    // Recorded: History::create, then History::act per action, one
    // transaction each, as `cardboard act` does.
    {
      const std::string path = dir + "/game" + std::to_string(i) + ".cbsave";
      RandomBot bot(bot_seed(gs));
      const auto t0 = Clock::now();
      auto h = History::create(path, a.scenario, a.root, gs);
      if (!h.ok()) die(h.error().message);
      History& hist = **h;
      const auto t1 = Clock::now();
      rec_create += std::chrono::duration<double>(t1 - t0).count();
      while (!hist.game().state().finished && hist.game().state().pending.open()) {
        auto st = hist.act(std::to_string(pick(bot, hist.game(), a.avoid) + 1));
        if (!st.ok()) die("recorded game " + std::to_string(i) + ": " + st.error().message);
        ++rec_actions;
      }
      const auto t2 = Clock::now();
      rec_act += std::chrono::duration<double>(t2 - t1).count();
      if (cardboard::hash_hex(hist.game().state().hash()) != mem_hash) ++mismatches;
      // The file's size once the WAL is copied in (not timed).
      auto cp = hist.file().checkpoint();
      if (!cp.ok()) die(cp.error().message);
      bytes += static_cast<int64_t>(fs::file_size(path));
      const auto t3 = Clock::now();
      h->reset();  // closing: SQLite checkpoints and removes the WAL
      rec_close += since(t3);
      rec_game += std::chrono::duration<double>(t2 - t0).count();
      remove_save(path);
    }
  }
  std::error_code ec;
  fs::remove_all(dir, ec);
  const double mem_us = mem_actions ? mem_act / mem_actions * 1e6 : 0;
  const double rec_us = rec_actions ? rec_act / rec_actions * 1e6 : 0;
  const int64_t recorded_games = games - errors;
  std::cout << json{{"bench", "record"},
                    {"scenario", a.scenario},
                    {"games", recorded_games},
                    {"errors", errors},
                    {"first_error", first_error},
                    {"actions", rec_actions},
                    {"memory_us_per_action", mem_us},
                    {"recorded_us_per_action", rec_us},
                    {"recording_us_per_action", rec_us - mem_us},
                    {"memory_games_per_second", recorded_games / mem_game},
                    {"recorded_games_per_second", recorded_games / (rec_game + rec_close)},
                    {"create_ms_per_game", rec_create / std::max<int64_t>(1, recorded_games) * 1e3},
                    {"close_ms_per_game", rec_close / std::max<int64_t>(1, recorded_games) * 1e3},
                    {"bytes_per_action", rec_actions ? static_cast<double>(bytes) / rec_actions : 0},
                    {"bytes_per_game", static_cast<double>(bytes) / std::max<int64_t>(1, recorded_games)},
                    {"hash_mismatches", mismatches}}
                   .dump()
            << std::endl;
}

// ---- c, d, e. one long recorded game -----------------------------------------

void copy_save(const std::string& from, const std::string& to) {
  remove_save(to);
  for (const char* suffix : {"", "-wal", "-shm"})
    if (fs::exists(from + suffix)) fs::copy_file(from + suffix, to + suffix, fs::copy_options::overwrite_existing);
}

// Runs a command with stdout and stderr sent to /dev/null; returns its exit code.
int run_quiet(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  for (const auto& s : argv) args.push_back(const_cast<char*>(s.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, args[0], &fa, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) die("cannot run " + argv[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void cmd_marathon(Args a) {
  if (a.scenario.empty()) {
    a.scenario = a.root + "/tests/games/marathon/scenarios/marathon/long.toml";
    a.root += "/tests/games/marathon";
  }
  // The command line finds the fixture's rules under $CARDBOARD_ROOT.
  setenv("CARDBOARD_ROOT", a.root.c_str(), 1);
  if (a.avoid.empty()) a.avoid.insert("explode");
  const std::string dir = make_dir(a);
  const std::string path = dir + "/marathon.cbsave", copy = dir + "/copy.cbsave";
  auto emit = [&](json j) {
    j["scenario"] = a.scenario;
    std::cout << j.dump() << std::endl;
  };

  // Record the game (c's fixture), timing each History::act.
  int64_t actions = 0;
  {
    auto h = History::create(path, a.scenario, a.root, a.seed);
    if (!h.ok()) die(h.error().message);
    History& hist = **h;
    RandomBot bot(bot_seed(a.seed));
    const auto t0 = Clock::now();
    while (actions < a.actions && !hist.game().state().finished && hist.game().state().pending.open()) {
      auto st = hist.act(std::to_string(pick(bot, hist.game(), a.avoid) + 1));
      if (!st.ok()) die("marathon action " + std::to_string(actions + 1) + ": " + st.error().message);
      ++actions;
    }
    const double secs = since(t0);
    auto cp = hist.file().checkpoint();
    if (!cp.ok()) die(cp.error().message);
    const auto size = static_cast<int64_t>(fs::file_size(path));
    emit({{"bench", "marathon_record"},
          {"actions", actions},
          {"recorded_us_per_action", secs / actions * 1e6},
          {"file_bytes", size},
          {"bytes_per_action", static_cast<double>(size) / actions}});
  }

  // c. load: History::open, from opening the file to the game ready.
  {
    std::vector<double> t;
    for (int r = 0; r < a.runs; ++r) {
      const auto t0 = Clock::now();
      auto h = History::open(path, a.root);
      t.push_back(since(t0));
      if (!h.ok()) die(h.error().message);
      if ((*h)->action_count() != actions) die("the save lost actions");
    }
    json j = summary_ms(t);
    j["bench"] = "load";
    j["actions"] = actions;
    emit(j);
  }

  // c. undo(1) on a fresh copy each run: the undo alone, and open + undo.
  {
    std::vector<double> undo_t, both_t;
    for (int r = 0; r < a.runs; ++r) {
      copy_save(path, copy);
      const auto t0 = Clock::now();
      auto h = History::open(copy, a.root);
      if (!h.ok()) die(h.error().message);
      const auto t1 = Clock::now();
      auto st = (*h)->undo(1);
      const auto t2 = Clock::now();
      if (!st.ok()) die(st.error().message);
      undo_t.push_back(std::chrono::duration<double>(t2 - t1).count());
      both_t.push_back(std::chrono::duration<double>(t2 - t0).count());
    }
    remove_save(copy);
    json j = summary_ms(undo_t);
    j["bench"] = "undo";
    j["actions"] = actions;
    emit(j);
    j = summary_ms(both_t);
    j["bench"] = "open_undo";
    j["actions"] = actions;
    emit(j);
  }

  // d. verify: re-execute every action and compare hashes.
  {
    auto h = History::open(path, a.root);
    if (!h.ok()) die(h.error().message);
    std::vector<double> t, rate;
    int64_t checked = 0;
    for (int r = 0; r < a.runs; ++r) {
      const auto t0 = Clock::now();
      auto rep = (*h)->verify();
      const double s = since(t0);
      if (!rep.ok()) die(rep.error().message);
      if (!rep->ok()) die("verify diverged: " + rep->divergence->message);
      checked = rep->actions_checked;
      t.push_back(s);
      rate.push_back(checked / s);
    }
    json j = summary_ms(t);
    j["bench"] = "verify";
    j["actions"] = checked;
    j["actions_per_second"] = median(rate);
    emit(j);
  }

  // c. the command line end to end, process start included.
  if (!a.cardboard.empty() && a.cli_runs > 0) {
    std::vector<double> status_t, undo_t;
    for (int r = 0; r < a.cli_runs; ++r) {
      const auto t0 = Clock::now();
      const int rc = run_quiet({a.cardboard, "status", path, "--json"});
      status_t.push_back(since(t0));
      if (rc != 0) die("cardboard status exited with " + std::to_string(rc));
    }
    for (int r = 0; r < a.cli_runs; ++r) {
      copy_save(path, copy);
      const auto t0 = Clock::now();
      // --agreed: the fixture is a game between people, whose last action rolled.
      const int rc = run_quiet({a.cardboard, "undo", copy, "1", "--agreed"});
      undo_t.push_back(since(t0));
      if (rc != 0) die("cardboard undo exited with " + std::to_string(rc));
    }
    remove_save(copy);
    json j = summary_ms(status_t);
    j["bench"] = "cli_status";
    j["actions"] = actions;
    emit(j);
    j = summary_ms(undo_t);
    j["bench"] = "cli_undo";
    j["actions"] = actions;
    emit(j);
  }

  remove_save(path);
  std::error_code ec;
  fs::remove_all(dir, ec);
}

// ---- g. the kit's movement search -------------------------------------------

// map.reachable(piece) from the rules' Lua, as a game calls it: the game is
// started (to its first decision) and the calls run in chunks of 100, each
// chunk one Lua call (the sandbox's budget is per call).
void cmd_reachable(const Args& a) {
  auto def = load(a);
  auto g = Game::create(def);
  if (!g.ok()) die(g.error().message);
  Game& game = **g;
  if (auto st = game.start(a.seed); !st.ok()) die(st.error().message);
  const std::string piece = std::to_string(a.piece);
  auto probe = game.run_lua("return #map.reachable(" + piece + ")", "bench");
  if (!probe.ok()) die(probe.error().message);
  const std::string chunk = "for i = 1, 100 do map.reachable(" + piece + ") end";
  const int64_t chunks = std::max<int64_t>(1, a.calls / 100);
  const auto t0 = Clock::now();
  for (int64_t i = 0; i < chunks; ++i)
    if (auto r = game.run_lua(chunk, "bench"); !r.ok()) die(r.error().message);
  const double seconds = since(t0);
  std::cout << json{{"bench", "reachable"},
                    {"scenario", a.scenario},
                    {"calls", chunks * 100},
                    {"hexes_reached", probe->is_int() ? probe->as_int() : 0},
                    {"seconds", seconds},
                    {"calls_per_second", static_cast<double>(chunks * 100) / seconds}}
                   .dump()
            << std::endl;
}

// ---- g. Monte Carlo tree search ---------------------------------------------
// The bot plays --side, or the side the scenario asks first; the others play
// at random. At each of its decisions with two choices or more (up to
// --decisions), one search of --iterations (playouts cut after --depth
// decisions where the game has a bot_eval; 0: to the end): its time, its
// playouts a second, and the time spent putting the bot's game at the
// decision (the branch point restored and the path since taken again),
// which is what a search pays for not re-running the game from its start.
// --trace prints each search to stderr.

void cmd_mcts(const Args& a) {
  auto def = load(a);
  // --side, else the side the scenario asks first (a side of the game may
  // have no part in a scenario).
  int side = -1;
  for (size_t s = 0; s < def->sides.size(); ++s)
    if (def->sides[s].id == a.side) side = static_cast<int>(s);
  if (!a.side.empty() && side < 0) die("no side " + a.side + " in " + a.scenario);
  cardboard::MctsOptions o;
  o.iterations = a.iterations;
  o.depth = a.depth;
  o.seed = a.seed;
  std::optional<cardboard::MctsBot> bot;
  auto g = Game::create(def);
  if (!g.ok()) die(g.error().message);
  Game& game = **g;
  game.set_record_events(false);
  game.set_branch_tracking(true);
  RandomBot others(a.seed);
  // What branching saves: the same decision reached by re-running the game
  // from its start (a fresh start and every choice since), on another game.
  auto r = Game::create(def);
  if (!r.ok()) die(r.error().message);
  Game& rerun = **r;
  rerun.set_record_events(false);
  std::vector<int> taken;
  std::vector<double> ms, playouts, branch_us, rerun_us, paths;
  int64_t searched = 0;
  uint64_t games = 0;
  if (a.profile) cardboard::rules_profile::start();
  auto status = game.start(game_seed(a.seed, games));
  while (searched < a.decisions) {
    if (!status.ok()) die(status.error().message);
    const cardboard::State& st = game.state();
    if (st.finished) {
      if (searched == 0 && games >= 100) die("in 100 games the bot's side was never asked to choose");
      status = game.start(game_seed(a.seed, ++games));
      taken.clear();
      continue;
    }
    int choice = 0;
    if (side < 0 && st.pending.choices.size() > 1) side = st.pending.side;
    if (st.pending.side == side && st.pending.choices.size() > 1) {
      if (!bot) bot.emplace(def, side, o);
      auto c = bot->choose(cardboard::BotPosition::of(game));
      if (!c.ok()) die(c.error().message);
      choice = *c;
      const auto& stats = bot->last_stats();
      ms.push_back(stats.seconds * 1e3);
      playouts.push_back(stats.iterations / stats.seconds);
      branch_us.push_back(stats.branch_seconds * 1e6 / stats.iterations);
      paths.push_back(static_cast<double>(stats.path_length));
      ++searched;
      if (a.trace)
        std::cerr << json{{"decision", searched},
                          {"game", games},
                          {"where", game.where()},
                          {"choices", st.pending.choices.size()},
                          {"ms", ms.back()},
                          {"path_length", stats.path_length},
                          {"branch_us", branch_us.back()},
                          {"playout_decisions", stats.decisions},
                          {"samples_failed", stats.samples_failed},
                          {"first_sample_error", stats.first_sample_error},
                          {"secrets_shown", stats.secrets_shown}}
                         .dump()
                  << std::endl;
      size_t next = 0;
      rerun.set_decider([&](Game&) { return next < taken.size() ? taken[next++] : -1; });
      const auto t0 = Clock::now();
      if (auto s = rerun.start(game_seed(a.seed, games)); !s.ok()) die(s.error().message);
      rerun_us.push_back(since(t0) * 1e6);
      rerun.set_decider(nullptr);
      if (rerun.state().hash() != st.hash()) die("re-running the game from its start did not reach the decision");
    } else {
      choice = others.choose(static_cast<int>(st.pending.choices.size()));
    }
    taken.push_back(choice);
    status = game.act(choice);
  }
  if (a.profile) {
    cardboard::rules_profile::stop();
    cardboard::rules_profile::print(stderr, cardboard::rules_profile::report(), a.profile, a.root);
  }
  double path_sum = 0;
  for (double p : paths) path_sum += p;
  std::cout << json{{"bench", "mcts"},
                    {"scenario", a.scenario},
                    {"iterations", a.iterations},
                    {"depth", a.depth},
                    {"decisions", searched},
                    {"ms_per_decision", median(ms)},
                    {"playouts_per_second", median(playouts)},
                    {"branch_us_per_iteration", median(branch_us)},
                    {"rerun_from_start_us", median(rerun_us)},
                    {"mean_path_length", path_sum / static_cast<double>(paths.size())}}
                   .dump()
            << std::endl;
}

}  // namespace

int main(int argc, char** argv) {
  const Args a = parse(argc, argv);
  if (a.cmd != "marathon" && a.scenario.empty()) die(a.cmd + " needs a scenario: GAME/SCENARIO or a .toml path");
  if (a.cmd == "sim") cmd_sim(a);
  else if (a.cmd == "jobs") cmd_jobs(a);
  else if (a.cmd == "record") cmd_record(a);
  else if (a.cmd == "marathon") cmd_marathon(a);
  else if (a.cmd == "reachable") cmd_reachable(a);
  else if (a.cmd == "mcts") cmd_mcts(a);
  else die("unknown command " + a.cmd + " (sim, jobs, record, marathon, reachable, mcts)");
  return 0;
}
