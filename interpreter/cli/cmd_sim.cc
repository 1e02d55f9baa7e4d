// cardboard sim: many complete games with bots (random unless --bot names
// one), and their outcomes. `--shard K/N` plays one shard of a longer run;
// `--out FILE.json` keeps every game's record for `merge` and reports
// (bots/balance_run.h).
#include <cstdio>

#include <nlohmann/json.hpp>

#include "bots/balance_run.h"
#include "bots/simulate.h"
#include "cli/commands.h"
#include "cli/progress.h"
#include "cli/save_args.h"
#include "data/game_loader.h"
#include "script/rules_profile.h"
#include "session/json_text.h"
#include "session/view_format.h"

namespace cardboard {

void add_sim_command(CLI::App& app, int& code) {
  auto* cmd = app.add_subcommand("sim", "play many complete games with bots (random on every side --bot does not name)");
  struct Args {
    std::string game;
    int64_t games = 100;
    uint64_t seed = 1;
    int jobs = 1;
    bool json = false;
    std::vector<std::string> bots;
    std::string shard;
    std::string out;
    bool decisions = false;
    int profile = 0;
  };
  static Args a;
  cmd->add_option("game", a.game, "GAME/SCENARIO or a scenario file")->required();
  cmd->add_option("--games,-n", a.games, "how many games (with --shard: a shard's)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  add_seed_option(cmd, a.seed, "base seed: game i is seeded from (seed, i)")->capture_default_str();
  cmd->add_option("--jobs,-j", a.jobs, "threads; the outcomes do not depend on it")->check(CLI::Range(1, 256))->capture_default_str();
  cmd->add_option("--bot", a.bots, "SIDE=NAME[:KEY=VALUE,...]: a bot for a side (the others play at random):\n" + bot_help());
  cmd->add_option("--shard", a.shard,
                  "K/N: play shard K of a run of N shards of --games games each: games (K-1)*G to K*G-1 of the seed");
  auto* out = cmd->add_option("--out", a.out, "FILE.json: write every game's record there, for `cardboard merge`");
  cmd->add_flag("--decisions", a.decisions, "with --out, record the decisions each side took (for balance reports)")
      ->needs(out);
  cmd->add_option("--profile-rules", a.profile,
                  "N: after the games, print to stderr the N Lua functions and lines of the rules that ran the most "
                  "instructions (docs/performance.md); slows the games")
      ->check(CLI::PositiveNumber);
  cmd->add_flag("--json", a.json,
                "print JSON: games, first_game, outcomes, mean_turns, mean_decisions, seconds, games_per_second");
  cmd->callback([&code] {
    auto def = load_game(a.game, project_root());
    if (!def.ok()) return void(code = report(def.error()));
    note_project((*def)->scenario_file);
    Shard shard;
    if (!read_shard_option(a.shard, a.games, shard, code)) return;
    SimOptions opt;
    auto specs = parse_bot_specs(a.bots, **def);
    if (!specs.ok()) return void(code = report(specs.error()));
    opt.bots = std::move(*specs);
    opt.games = a.games;
    opt.first_game = (shard.k - 1) * a.games;
    opt.seed = a.seed;
    opt.jobs = a.jobs;
    opt.keep_records = !a.out.empty();
    opt.record_decisions = a.decisions;
    opt.progress = games_progress("");
    if (a.profile) rules_profile::start();
    auto r = simulate(*def, opt);
    if (a.profile) {
      rules_profile::stop();
      rules_profile::print(stderr, rules_profile::report(), a.profile, project_root());
    }
    if (!r.ok()) return void(code = report(r.error()));
    const double g = static_cast<double>(r->games);
    if (a.json) {
      nlohmann::json j = {{"game", (*def)->scenario_id},
                          {"games", r->games},
                          {"first_game", opt.first_game},
                          {"seed", a.seed},
                          {"jobs", a.jobs},
                          {"bots", a.bots},
                          {"outcomes", r->outcomes},
                          {"mean_turns", r->turns / g},
                          {"mean_decisions", r->decisions / g},
                          {"errors", r->errors},
                          {"seconds", r->seconds},
                          {"games_per_second", g / r->seconds}};
      if (!a.shard.empty()) j["shard"] = std::to_string(shard.k) + "/" + std::to_string(shard.n);
      if (r->errors) j["first_error"] = r->first_error;
      if (r->samples_failed) j["samples_failed"] = r->samples_failed;
      if (r->searches_failed) j["searches_failed"] = r->searches_failed;
      std::printf("%s\n", json_text(j, 2).c_str());
    } else {
      std::printf("%s: %lld games in %.3f s (%.0f games/s), seed %llu, %d jobs\n", (*def)->scenario_id.c_str(),
                  static_cast<long long>(r->games), r->seconds, g / r->seconds,
                  static_cast<unsigned long long>(a.seed), a.jobs);
      if (!a.shard.empty())
        std::printf("  shard %lld/%lld: games %lld to %lld of the seed\n", static_cast<long long>(shard.k),
                    static_cast<long long>(shard.n), static_cast<long long>(opt.first_game),
                    static_cast<long long>(opt.first_game + r->games - 1));
      for (const auto& [result, n] : r->outcomes)
        std::printf("  %6.2f%%  %8lld  %s\n", 100.0 * n / g, static_cast<long long>(n), terminal_text(result).c_str());
      std::printf("  mean %.2f turns, %.1f decisions a game\n", r->turns / g, r->decisions / g);
      if (r->errors) std::printf("first error: %s\n", terminal_text(r->first_error).c_str());
      if (r->samples_failed)
        std::printf("the search left out %lld iterations whose sampled world the rules could not play on\n",
                    static_cast<long long>(r->samples_failed));
      if (r->searches_failed)
        std::printf("%lld decisions were taken without a search: every sampled world broke the rules "
                    "(bot_order's first choice, else one at random)\n",
                    static_cast<long long>(r->searches_failed));
    }
    code = r->errors ? 3 : 0;
    if (!a.out.empty()) {
      Run run;
      run.seed = a.seed;
      run.bots = bot_texts(opt.bots);
      run.games_per_shard = a.games;
      run.shard = shard;
      run.decisions = a.decisions;
      run.seconds = r->seconds;
      run.jobs = a.jobs;
      run.scenarios.push_back(scenario_run(**def, std::move(*r)));
      auto w = write_run_file(a.out, run);
      if (!w.ok()) return void(code = report(w.error()));
    }
  });
}

}  // namespace cardboard
