// cardboard serve: play, watch and replay games in the browser (docs/serve.md).
#include <sys/resource.h>

#include <csignal>
#include <cstdio>
#include <thread>

#include <nlohmann/json.hpp>

#include "bots/bot.h"
#include "cli/commands.h"
#include "data/game_loader.h"
#include "serve/server.h"
#include "session/json_text.h"

namespace cardboard {

void add_serve_command(CLI::App& app, int& code) {
  auto* cmd = app.add_subcommand("serve", "serve the games in the browser: play by pointing, send each side its own "
                                          "link, watch, replay saves (docs/serve.md)");
  struct Args {
    ServeOptions o;
    bool json = false;
  };
  static Args a;
  cmd->add_option("--port", a.o.port, "the port to listen on (0: a free one)")->capture_default_str()->check(CLI::Range(0, 65535));
  cmd->add_option("--host", a.o.host,
                  "the address to listen on: 127.0.0.1 only this machine; 0.0.0.0 lets other machines join")
      ->capture_default_str();
  cmd->add_option("--saves", a.o.saves,
                  "the folder of the saves the lobby lists and new games go to, and of the links given out, "
                  "which outlive the server (.cardboard-links; default: saves/)");
  cmd->add_option("--bot-delay", a.o.bot_delay_ms, "milliseconds a bot waits before each move")
      ->capture_default_str()->check(CLI::Range(0, 60000));
  cmd->add_option("--bot", a.o.bots,
                  "the bot of the sides a game gives to bots: NAME[:KEY=VALUE,...] for every side, or "
                  "SIDE=NAME[:KEY=VALUE,...] for a side by its id (default: random):\n" + bot_help());
  cmd->add_option("--hint", a.o.hint, "the bot a player's Hint button asks what it would take: NAME[:KEY=VALUE,...]")
      ->capture_default_str();
  cmd->add_option("--hint-searches", a.o.hint_searches,
                  "hints worked out at once across the games; one more is refused until one ends "
                  "(0: as many as the machine has cores)")
      ->capture_default_str()->check(CLI::Range(0, 4096));
  cmd->add_option("--bot-seconds", a.o.bot_seconds,
                  "the longest a bot thinks over a move, or a hint over its answer, whatever the bot's "
                  "parameters (a save records its bots): past it the search takes the best it has found")
      ->capture_default_str()->check(CLI::Range(1, 86400));
  cmd->add_option("--threads", a.o.threads, "requests served at once (each open page holds one)")
      ->capture_default_str()->check(CLI::Range(4, 4096));
  cmd->add_flag("--json", a.json, "print the address and the host key as one JSON line");
  cmd->callback([&code] {
    for (const auto& b : a.o.bots) {
      const std::string side = spec_side(b);
      if (auto s = check_bot_text(side.empty() ? b : b.substr(side.size() + 1)); !s.ok())
        return void(code = report(Error{ErrorKind::kUsage, s.error().message}));
    }
    if (auto s = check_bot_text(a.o.hint, "--hint"); !s.ok())
      return void(code = report(Error{ErrorKind::kUsage, s.error().message}));
    a.o.root = project_root();
    if (a.o.saves.empty()) a.o.saves = a.o.root + "/saves";
    // SIGINT and SIGTERM end the server cleanly: they are taken by a thread
    // of their own, so no request is cut off in a save's transaction.
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
    std::signal(SIGPIPE, SIG_IGN);  // a closed page must not end the server
    // Each open game holds its save's files and each page a connection: a
    // few hundred games need more than the usual soft limit of 1,024.
    if (rlimit files{}; getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
      files.rlim_cur = files.rlim_max;
      setrlimit(RLIMIT_NOFILE, &files);
    }
    Server server(a.o);
    auto port = server.bind();
    if (!port.ok()) return void(code = report(port.error()));
    const std::string shown_host = a.o.host == "0.0.0.0" ? "127.0.0.1" : a.o.host;
    const std::string url = "http://" + shown_host + ":" + std::to_string(*port) + "/?key=" + server.host_key();
    if (a.json) {
      std::printf("%s\n", json_text({{"url", url}, {"port", *port}, {"key", server.host_key()}}).c_str());
    } else {
      std::printf("cardboard: serving the games of %s\n  open %s\n", a.o.root.c_str(), url.c_str());
      std::printf("  (the key in it opens the lobby: keep it to yourself; give each player their side's link)\n");
    }
    std::fflush(stdout);
    std::thread watcher([&server, stop_signals] {
      int sig = 0;
      sigwait(&stop_signals, &sig);
      server.stop();
    });
    server.run();
    // run() returned on its own (not by a signal): wake the watcher.
    pthread_kill(watcher.native_handle(), SIGTERM);
    watcher.join();
    code = 0;
  });
}

}  // namespace cardboard
