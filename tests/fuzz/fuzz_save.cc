// Fuzzes a save file: the input is the bytes of a `.cbsave` (an SQLite
// database), written to the scratch folder. History::open loads it as
// `status` does (the recorded game loaded from the project's rules, the
// snapshot restored, the actions re-applied), and a save that opens is
// replayed, verified, and given one action and its undo, as `act` and `undo`
// would, and exported as `export` writes it. Then, on a fresh copy (opening may change the file), SaveFile::open
// reads it as `log` and `replay` do: meta, actions, events, the latest
// snapshot, the undone branch.
//
// Whatever the bytes, each step succeeds or fails with an error; a save that
// opens is at its recorded state and takes its first choice.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/bytes.h"
#include "fuzz_support.h"
#include "session/history.h"
#include "session/position_export.h"
#include "store/save_file.h"

using namespace cardboard;

namespace {

// The save at a fixed path, alone: no -wal or -shm of an earlier input.
const std::string& fresh_copy(std::string_view bytes) {
  static const std::string path = fuzz::scratch_dir() + "/fuzz.cbsave";
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fuzz::remove_all(path + suffix);
  fuzz::write_file(path, bytes);
  return path;
}

void read_rows(const std::string& path) {
  auto file = SaveFile::open(path);
  if (!file.ok()) return;
  SaveFile& f = **file;
  (void)f.meta();
  auto actions = f.actions(0);
  if (actions.ok())
    for (const auto& a : *actions) fuzz::check(a.seq >= 1 && a.seq <= f.action_count(), "actions are numbered 1..n");
  (void)f.events(-1);
  (void)f.events(0);
  (void)f.latest_snapshot(f.action_count());
  (void)f.undone();
}

void use_history(const std::string& path) {
  auto opened = History::open(path, fuzz::project_root_dir());
  if (!opened.ok()) {
    fuzz::check(!opened.error().message.empty(), "a refused save says why");
    return;
  }
  History& h = **opened;
  (void)h.replay();
  (void)h.verify();
  const Game& g = h.game();
  if (g.state().finished || !g.state().pending.open()) return;
  const int64_t before = h.action_count();
  if (h.act("1").ok()) {
    fuzz::check(h.action_count() == before + 1, "an action taken is recorded");
    if (h.undo(1).ok()) fuzz::check(h.action_count() == before, "an undo takes back one action");
  }
}

// As `export` writes it: the whole position, and one side's, each written
// or refused with a reason (its check of the file is the command's).
void use_export(const std::string& path) {
  auto opened = History::open(path, fuzz::project_root_dir(), History::Access::kReadOnly);
  if (!opened.ok()) return;
  History& h = **opened;
  const int64_t tip = h.action_count();
  for (int side : {-1, 0}) {
    auto e = export_position(h, tip, side, path, fuzz::project_root_dir());
    fuzz::check(e.ok() ? !e->toml.empty() : !e.error().message.empty(), "an export is a file or a reason");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  use_history(fresh_copy(bytes));
  use_export(fresh_copy(bytes));
  read_rows(fresh_copy(bytes));
  return 0;
}
