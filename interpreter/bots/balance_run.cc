#include "bots/balance_run.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>

#include "core/bytes.h"
#include "core/json_nesting.h"
#include "session/json_text.h"

namespace cardboard {

using nlohmann::json;

namespace {

constexpr const char* kFormat = "cardboard-run";
constexpr int kVersion = 1;
// What a file may hold, whatever it says: every count is checked against
// these before anything is sized by it.
constexpr uintmax_t kMaxFileBytes = uintmax_t{256} << 20;
constexpr size_t kMaxDepth = 32;          // the format nests 6 deep
constexpr size_t kMaxText = 1 << 16;      // a result, a label, a title
constexpr size_t kMaxSides = 64;
constexpr size_t kMaxTracks = 4096;
constexpr size_t kMaxLabels = 10000000;
constexpr int64_t kMaxTurns = 10000000;
constexpr int64_t kMaxDecisions = int64_t{1} << 50;

}  // namespace

Result<Shard> parse_shard(std::string_view text) {
  const auto bad = [&] {
    return Error{ErrorKind::kUsage, "--shard '" + std::string(text) + "': K/N expected, 1 <= K <= N <= " +
                                        std::to_string(kMaxShards) + " (shard K of N, e.g. 3/8)"};
  };
  const size_t slash = text.find('/');
  if (slash == std::string_view::npos) return bad();
  Shard s;
  const auto whole = [](std::string_view t, int64_t& out) {
    const auto r = std::from_chars(t.data(), t.data() + t.size(), out);
    return !t.empty() && r.ec == std::errc() && r.ptr == t.data() + t.size();
  };
  if (!whole(text.substr(0, slash), s.k) || !whole(text.substr(slash + 1), s.n)) return bad();
  if (s.n < 1 || s.n > kMaxShards || s.k < 1 || s.k > s.n) return bad();
  return s;
}

bool ScenarioRun::solitaire() const {
  int players = 0;
  for (const auto& s : sides) players += !s.automatic;
  return players <= 1;
}

int ScenarioRun::find_side(const std::string& id) const {
  for (size_t i = 0; i < sides.size(); ++i)
    if (sides[i].id == id) return static_cast<int>(i);
  return -1;
}

ScenarioRun scenario_run(const GameDef& def, SimReport&& report) {
  ScenarioRun r;
  r.game = def.id;
  r.game_title = def.title;
  r.scenario = def.scenario_id;
  r.title = def.scenario_title;
  r.rules_hash = hash_hex(def.rules_hash);
  for (const auto& s : def.sides) r.sides.push_back({s.id, s.title, s.automatic});
  for (const auto& t : def.tracks) r.tracks.push_back({t.id, t.title, t.min, t.max});
  r.labels = std::move(report.labels);
  r.records = std::move(report.records);
  return r;
}

std::vector<std::string> bot_texts(const std::vector<BotSpec>& specs) {
  std::vector<const BotSpec*> sorted;
  for (const auto& s : specs) sorted.push_back(&s);
  std::stable_sort(sorted.begin(), sorted.end(), [](const BotSpec* a, const BotSpec* b) { return a->side < b->side; });
  std::vector<std::string> out;
  for (const auto* s : sorted) out.push_back(s->text);
  return out;
}

// ---- writing ---------------------------------------------------------------

namespace {

json side_or_null(const ScenarioRun& s, int side) {
  if (side < 0 || side >= static_cast<int>(s.sides.size())) return nullptr;
  return s.sides[static_cast<size_t>(side)].id;
}

json record_json(const ScenarioRun& s, const GameRecord& r, bool decisions) {
  json j = {{"game", r.game},
            {"result", r.result},
            {"error", r.error},
            {"winner", side_or_null(s, r.winner)},
            {"turns", r.turns},
            {"decisions", r.decisions},
            {"first", side_or_null(s, r.first_side)},
            {"tracks", r.turn_tracks},
            {"end", r.end_tracks}};
  if (r.samples_failed) j["samples_failed"] = r.samples_failed;
  if (r.searches_failed) j["searches_failed"] = r.searches_failed;
  if (decisions) {
    json labels = json::object();
    for (size_t side = 0; side < r.labels.size() && side < s.sides.size(); ++side)
      if (!r.labels[side].empty()) labels[s.sides[side].id] = r.labels[side];
    j["labels"] = std::move(labels);
  }
  return j;
}

}  // namespace

json run_to_json(const Run& run) {
  json scenarios = json::array();
  for (const auto& s : run.scenarios) {
    json sides = json::array(), tracks = json::array(), records = json::array();
    for (const auto& side : s.sides)
      sides.push_back({{"id", side.id}, {"title", side.title}, {"automatic", side.automatic}});
    for (const auto& t : s.tracks) tracks.push_back({{"id", t.id}, {"title", t.title}, {"min", t.min}, {"max", t.max}});
    for (const auto& r : s.records) records.push_back(record_json(s, r, run.decisions));
    scenarios.push_back({{"game", s.game},
                         {"game_title", s.game_title},
                         {"scenario", s.scenario},
                         {"title", s.title},
                         {"rules_hash", s.rules_hash},
                         {"sides", std::move(sides)},
                         {"tracks", std::move(tracks)},
                         {"labels", s.labels},
                         {"records", std::move(records)}});
  }
  return {{"format", kFormat},
          {"version", kVersion},
          {"seed", run.seed},
          {"bots", run.bots},
          {"games_per_shard", run.games_per_shard},
          {"shard", run.shard.k},
          {"shards", run.shard.n},
          {"first_game", run.first_game()},
          {"decisions", run.decisions},
          {"seconds", run.seconds},
          {"jobs", run.jobs},
          {"scenarios", std::move(scenarios)}};
}

Status write_run_file(const std::string& path, const Run& run) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path target(path);
  if (target.has_parent_path()) fs::create_directories(target.parent_path(), ec);
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return rejected("cannot write " + tmp + ": check the folder exists and is writable");
    out << json_text(run_to_json(run)) << '\n';
    out.flush();
    if (!out) return rejected("cannot write " + tmp + ": the disk may be full");
  }
  fs::rename(tmp, target, ec);
  if (ec) return rejected("cannot rename " + tmp + " to " + path + ": " + ec.message());
  return ok_status();
}

// ---- reading ---------------------------------------------------------------

namespace {

// Reads JSON values with the path of each in its errors:
// "a.json: scenarios[0].records[3].turns: a whole number from 0 to ... expected".
class Reader {
 public:
  explicit Reader(std::string name) : name_(std::move(name)) {}

  Error fail(const std::string& where, const std::string& what) const {
    return rejected(name_ + ": " + (where.empty() ? "" : where + ": ") + what +
                    " (not a run file of sim --out, balance or merge, or a damaged one)");
  }
  static std::string kind(const json& v) {
    if (v.is_null()) return "null";
    if (v.is_boolean()) return "a boolean";
    if (v.is_number_integer()) return "a whole number";
    if (v.is_number()) return "a number with a fraction or exponent";
    if (v.is_string()) return "a string";
    if (v.is_array()) return "an array";
    return "an object";
  }

  Result<const json*> field(const json& obj, const std::string& where, const char* key) const {
    if (!obj.is_object()) return fail(where, "an object expected, got " + kind(obj));
    auto it = obj.find(key);
    if (it == obj.end()) return fail(where, std::string("no field '") + key + "'");
    return &*it;
  }
  Result<int64_t> integer(const json& v, const std::string& where, int64_t lo, int64_t hi) const {
    const auto range = [&] {
      return fail(where, "a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) + " expected, got " +
                             (v.is_number() ? v.dump() : kind(v)));
    };
    if (v.is_number_unsigned()) {
      const auto u = v.get<uint64_t>();
      if (u > static_cast<uint64_t>(hi)) return range();
      const auto i = static_cast<int64_t>(u);
      if (i < lo) return range();
      return i;
    }
    if (!v.is_number_integer()) return range();
    const auto i = v.get<int64_t>();
    if (i < lo || i > hi) return range();
    return i;
  }
  Result<int64_t> integer(const json& obj, const std::string& where, const char* key, int64_t lo, int64_t hi) const {
    auto f = field(obj, where, key);
    if (!f.ok()) return f.error();
    return integer(**f, where + "." + key, lo, hi);
  }
  Result<std::string> text(const json& v, const std::string& where) const {
    if (!v.is_string()) return fail(where, "a string expected, got " + kind(v));
    const auto& s = v.get_ref<const std::string&>();
    if (s.size() > kMaxText) return fail(where, "a string of " + std::to_string(s.size()) + " bytes: at most " +
                                                    std::to_string(kMaxText) + " expected");
    return s;
  }
  Result<std::string> text(const json& obj, const std::string& where, const char* key) const {
    auto f = field(obj, where, key);
    if (!f.ok()) return f.error();
    return text(**f, where + "." + key);
  }
  Result<bool> boolean(const json& obj, const std::string& where, const char* key) const {
    auto f = field(obj, where, key);
    if (!f.ok()) return f.error();
    if (!(*f)->is_boolean()) return fail(where + "." + key, "true or false expected, got " + kind(**f));
    return (*f)->get<bool>();
  }
  Result<const json*> array(const json& obj, const std::string& where, const char* key, size_t max) const {
    auto f = field(obj, where, key);
    if (!f.ok()) return f.error();
    if (!(*f)->is_array()) return fail(where + "." + key, "an array expected, got " + kind(**f));
    if ((*f)->size() > max)
      return fail(where + "." + key, std::to_string((*f)->size()) + " entries: at most " + std::to_string(max) + " expected");
    return *f;
  }
  // A side's id or null: the side's index or -1.
  Result<int> side(const json& obj, const std::string& where, const char* key, const ScenarioRun& s) const {
    auto f = field(obj, where, key);
    if (!f.ok()) return f.error();
    if ((*f)->is_null()) return -1;
    auto t = text(**f, where + "." + key);
    if (!t.ok()) return t.error();
    const int i = s.find_side(*t);
    if (i < 0) return fail(where + "." + key, "no side '" + *t + "' in the scenario's sides");
    return i;
  }
  Result<std::vector<int64_t>> row(const json& v, const std::string& where, size_t size) const {
    if (!v.is_array()) return fail(where, "an array expected, got " + kind(v));
    if (v.size() != size)
      return fail(where, std::to_string(v.size()) + " values: one a track (" + std::to_string(size) + ") expected");
    std::vector<int64_t> out;
    out.reserve(size);
    for (size_t i = 0; i < size; ++i) {
      auto n = integer(v[i], where + "[" + std::to_string(i) + "]", INT64_MIN, INT64_MAX);
      if (!n.ok()) return n.error();
      out.push_back(*n);
    }
    return out;
  }

 private:
  std::string name_;
};

#define CB_READ(var, expr)            \
  auto var##_r = (expr);              \
  if (!var##_r.ok()) return var##_r.error(); \
  auto var = *var##_r

Result<GameRecord> read_record(const Reader& rd, const json& j, const std::string& at, const ScenarioRun& s,
                               bool decisions, int64_t index) {
  GameRecord r;
  CB_READ(game, rd.integer(j, at, "game", index, index));
  r.game = game;
  CB_READ(result, rd.text(j, at, "result"));
  r.result = std::move(result);
  CB_READ(error, rd.boolean(j, at, "error"));
  r.error = error;
  CB_READ(winner, rd.side(j, at, "winner", s));
  r.winner = winner;
  CB_READ(turns, rd.integer(j, at, "turns", 0, kMaxTurns));
  r.turns = static_cast<int32_t>(turns);
  CB_READ(decisions_taken, rd.integer(j, at, "decisions", 0, kMaxDecisions));
  r.decisions = decisions_taken;
  CB_READ(first, rd.side(j, at, "first", s));
  r.first_side = first;
  // Optional: written only where a search left samples out, or every one.
  if (j.contains("samples_failed")) {
    CB_READ(failed, rd.integer(j, at, "samples_failed", 0, INT64_MAX));
    r.samples_failed = failed;
  }
  if (j.contains("searches_failed")) {
    CB_READ(failed, rd.integer(j, at, "searches_failed", 0, kMaxDecisions));
    r.searches_failed = failed;
  }
  // The tracks at each turn's start: one row a turn reached, at most.
  CB_READ(rows, rd.array(j, at, "tracks", static_cast<size_t>(turns)));
  r.turn_tracks.reserve(rows->size());
  for (size_t t = 0; t < rows->size(); ++t) {
    CB_READ(row, rd.row((*rows)[t], at + ".tracks[" + std::to_string(t) + "]", s.tracks.size()));
    r.turn_tracks.push_back(std::move(row));
  }
  CB_READ(end, rd.field(j, at, "end"));
  if (!(r.error && end->is_array() && end->empty())) {
    CB_READ(values, rd.row(*end, at + ".end", s.tracks.size()));
    r.end_tracks = std::move(values);
  }
  if (decisions) {
    CB_READ(labels, rd.field(j, at, "labels"));
    if (!labels->is_object()) return rd.fail(at + ".labels", "an object of sides expected, got " + Reader::kind(*labels));
    r.labels.assign(s.sides.size(), {});
    for (const auto& [side_id, ids] : labels->items()) {
      const std::string where = at + ".labels." + side_id;
      const int side = s.find_side(side_id);
      if (side < 0) return rd.fail(where, "no side '" + side_id + "' in the scenario's sides");
      if (!ids.is_array() || ids.size() > s.labels.size())
        return rd.fail(where, "an array of at most " + std::to_string(s.labels.size()) + " label numbers expected");
      auto& out = r.labels[static_cast<size_t>(side)];
      out.reserve(ids.size());
      for (size_t i = 0; i < ids.size(); ++i) {
        CB_READ(id, rd.integer(ids[i], where + "[" + std::to_string(i) + "]", 0,
                               static_cast<int64_t>(s.labels.size()) - 1));
        if (!out.empty() && static_cast<uint32_t>(id) <= out.back())
          return rd.fail(where, "label numbers in ascending order, each once, expected");
        out.push_back(static_cast<uint32_t>(id));
      }
    }
  } else if (j.contains("labels")) {
    return rd.fail(at + ".labels", "labels in a run that says it recorded no decisions");
  }
  return r;
}

Result<ScenarioRun> read_scenario(const Reader& rd, const json& j, const std::string& at, const Run& run) {
  ScenarioRun s;
  CB_READ(game, rd.text(j, at, "game"));
  s.game = std::move(game);
  CB_READ(game_title, rd.text(j, at, "game_title"));
  s.game_title = std::move(game_title);
  CB_READ(scenario, rd.text(j, at, "scenario"));
  s.scenario = std::move(scenario);
  CB_READ(title, rd.text(j, at, "title"));
  s.title = std::move(title);
  CB_READ(hash, rd.text(j, at, "rules_hash"));
  s.rules_hash = std::move(hash);
  CB_READ(sides, rd.array(j, at, "sides", kMaxSides));
  if (sides->empty()) return rd.fail(at + ".sides", "no side: a game has one at least");
  for (size_t i = 0; i < sides->size(); ++i) {
    const std::string w = at + ".sides[" + std::to_string(i) + "]";
    RunSide side;
    CB_READ(id, rd.text((*sides)[i], w, "id"));
    side.id = std::move(id);
    CB_READ(st, rd.text((*sides)[i], w, "title"));
    side.title = std::move(st);
    CB_READ(automatic, rd.boolean((*sides)[i], w, "automatic"));
    side.automatic = automatic;
    if (s.find_side(side.id) >= 0) return rd.fail(w + ".id", "side '" + side.id + "' twice");
    s.sides.push_back(std::move(side));
  }
  CB_READ(tracks, rd.array(j, at, "tracks", kMaxTracks));
  for (size_t i = 0; i < tracks->size(); ++i) {
    const std::string w = at + ".tracks[" + std::to_string(i) + "]";
    RunTrack t;
    CB_READ(id, rd.text((*tracks)[i], w, "id"));
    t.id = std::move(id);
    CB_READ(tt, rd.text((*tracks)[i], w, "title"));
    t.title = std::move(tt);
    CB_READ(lo, rd.integer((*tracks)[i], w, "min", INT64_MIN, INT64_MAX));
    CB_READ(hi, rd.integer((*tracks)[i], w, "max", lo, INT64_MAX));
    t.min = lo;
    t.max = hi;
    s.tracks.push_back(std::move(t));
  }
  CB_READ(labels, rd.array(j, at, "labels", kMaxLabels));
  s.labels.reserve(labels->size());
  for (size_t i = 0; i < labels->size(); ++i) {
    CB_READ(label, rd.text((*labels)[i], at + ".labels[" + std::to_string(i) + "]"));
    if (!s.labels.empty() && label <= s.labels.back())
      return rd.fail(at + ".labels", "labels sorted, each once, expected");
    s.labels.push_back(std::move(label));
  }
  if (!run.decisions && !s.labels.empty())
    return rd.fail(at + ".labels", "labels in a run that says it recorded no decisions");
  // The records: exactly the shard's games, checked against the claim
  // before a record is read.
  CB_READ(records, rd.field(j, at, "records"));
  if (!records->is_array()) return rd.fail(at + ".records", "an array expected, got " + Reader::kind(*records));
  if (static_cast<int64_t>(records->size()) != run.games_per_shard)
    return rd.fail(at + ".records", "the run says " + std::to_string(run.games_per_shard) + " games a shard, the file holds " +
                                        std::to_string(records->size()));
  s.records.reserve(records->size());
  for (size_t i = 0; i < records->size(); ++i) {
    CB_READ(r, read_record(rd, (*records)[i], at + ".records[" + std::to_string(i) + "]", s, run.decisions,
                           run.first_game() + static_cast<int64_t>(i)));
    s.records.push_back(std::move(r));
  }
  return s;
}

}  // namespace

Result<Run> parse_run(std::string_view text, const std::string& name) {
  Reader rd(name);
  if (json_nesting(text) > kMaxDepth)
    return rd.fail("", "nested deeper than " + std::to_string(kMaxDepth) + " levels");
  json j;
  try {
    j = json::parse(text.begin(), text.end());
  } catch (const json::exception& e) {
    return rd.fail("", std::string("not valid JSON: ") + e.what());
  }
  if (!j.is_object()) return rd.fail("", "an object expected, got " + Reader::kind(j));
  CB_READ(format, rd.text(j, "", "format"));
  if (format != kFormat) return rd.fail("format", "'" + std::string(kFormat) + "' expected, got '" + format + "'");
  CB_READ(version, rd.integer(j, "", "version", 0, INT64_MAX));
  if (version != kVersion)
    return rd.fail("version", "version " + std::to_string(version) + ": this cardboard reads version " +
                                  std::to_string(kVersion) + " (made by another cardboard: run both with one)");
  Run run;
  CB_READ(seed, rd.field(j, "", "seed"));
  if (!seed->is_number_unsigned() && !(seed->is_number_integer() && seed->get<int64_t>() >= 0))
    return rd.fail("seed", "a whole number from 0 to 18446744073709551615 expected, got " + Reader::kind(*seed));
  run.seed = seed->get<uint64_t>();
  CB_READ(bots, rd.array(j, "", "bots", kMaxSides));
  for (size_t i = 0; i < bots->size(); ++i) {
    CB_READ(b, rd.text((*bots)[i], "bots[" + std::to_string(i) + "]"));
    run.bots.push_back(std::move(b));
  }
  CB_READ(shards, rd.integer(j, "", "shards", 1, kMaxShards));
  CB_READ(shard, rd.integer(j, "", "shard", 1, shards));
  CB_READ(per_shard, rd.integer(j, "", "games_per_shard", 1, kMaxRunGames / shards));
  run.shard = {shard, shards};
  run.games_per_shard = per_shard;
  if (j.contains("first_game")) {
    CB_READ(first, rd.integer(j, "", "first_game", run.first_game(), run.first_game()));
    (void)first;
  }
  CB_READ(decisions, rd.boolean(j, "", "decisions"));
  run.decisions = decisions;
  CB_READ(seconds, rd.field(j, "", "seconds"));
  if (!seconds->is_number() || !std::isfinite(seconds->get<double>()) || seconds->get<double>() < 0)
    return rd.fail("seconds", "a number of seconds expected, got " + Reader::kind(*seconds));
  run.seconds = seconds->get<double>();
  CB_READ(jobs, rd.integer(j, "", "jobs", 1, 1 << 20));
  run.jobs = static_cast<int>(jobs);
  CB_READ(scenarios, rd.array(j, "", "scenarios", 2));
  if (scenarios->empty()) return rd.fail("scenarios", "one scenario (two for a comparison) expected, got none");
  for (size_t i = 0; i < scenarios->size(); ++i) {
    CB_READ(s, read_scenario(rd, (*scenarios)[i], "scenarios[" + std::to_string(i) + "]", run));
    run.scenarios.push_back(std::move(s));
  }
  return run;
}

Result<Run> read_run_file(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const auto size = fs::file_size(path, ec);
  if (ec) return rejected(path + ": cannot read it (" + ec.message() + ")");
  if (size > kMaxFileBytes)
    return rejected(path + ": " + std::to_string(size) + " bytes, more than a run file may have (" +
                    std::to_string(kMaxFileBytes >> 20) + " MiB): split the run into more shards");
  std::ifstream in(path, std::ios::binary);
  if (!in) return rejected(path + ": cannot open it");
  std::string text(static_cast<size_t>(size), '\0');
  in.read(text.data(), static_cast<std::streamsize>(size));
  text.resize(static_cast<size_t>(in.gcount()));
  return parse_run(text, path);
}

// ---- merging ---------------------------------------------------------------

namespace {

std::string sides_text(const std::vector<RunSide>& sides) {
  std::string s;
  for (const auto& x : sides) s += (s.empty() ? "" : ",") + x.id + (x.automatic ? "(automatic)" : "");
  return s;
}
std::string tracks_text(const std::vector<RunTrack>& tracks) {
  std::string s;
  for (const auto& x : tracks) s += (s.empty() ? "" : ",") + x.id;
  return s;
}
std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : " ") + x;
  return s.empty() ? "(none)" : s;
}

// The fields that make two shards shards of one run, as (name, text).
std::vector<std::pair<std::string, std::string>> identity(const Run& r) {
  std::vector<std::pair<std::string, std::string>> out = {
      {"seed", std::to_string(r.seed)},
      {"bots", join(r.bots)},
      {"games a shard", std::to_string(r.games_per_shard)},
      {"shard count", std::to_string(r.shard.n)},
      {"decisions recorded", r.decisions ? "yes" : "no"},
      {"scenarios", std::to_string(r.scenarios.size())}};
  for (size_t i = 0; i < r.scenarios.size(); ++i) {
    const auto& s = r.scenarios[i];
    const std::string p = r.scenarios.size() > 1 ? (i == 0 ? "A's " : "B's ") : "";
    out.push_back({p + "scenario", s.scenario});
    out.push_back({p + "game", s.game});
    out.push_back({p + "rules hash", s.rules_hash});
    out.push_back({p + "sides", sides_text(s.sides)});
    out.push_back({p + "tracks", tracks_text(s.tracks)});
  }
  return out;
}

}  // namespace

Result<Run> merge_runs(std::vector<std::pair<std::string, Run>> files) {
  if (files.empty()) return Error{ErrorKind::kUsage, "merge: no file given"};
  const std::string first_name = files.front().first;
  const auto first_id = identity(files.front().second);
  for (size_t f = 1; f < files.size(); ++f) {
    const auto id = identity(files[f].second);
    for (size_t i = 0; i < first_id.size() && i < id.size(); ++i)
      if (id[i] != first_id[i])
        return rejected(files[f].first + ": " + id[i].first + " " + id[i].second + " differs from " + first_name +
                        "'s " + first_id[i].second + ": merge only the shards of one run");
  }
  // Each shard once, all of them.
  std::stable_sort(files.begin(), files.end(),
                   [](const auto& a, const auto& b) { return a.second.shard.k < b.second.shard.k; });
  const int64_t n = files.front().second.shard.n;
  for (size_t f = 1; f < files.size(); ++f)
    if (files[f].second.shard.k == files[f - 1].second.shard.k)
      return rejected(files[f - 1].first + " and " + files[f].first + " are both shard " +
                      std::to_string(files[f].second.shard.k) + "/" + std::to_string(n) +
                      ": give each shard once");
  if (static_cast<int64_t>(files.size()) != n) {
    std::string missing;
    int64_t count = 0;
    size_t f = 0;
    for (int64_t k = 1; k <= n; ++k) {
      while (f < files.size() && files[f].second.shard.k < k) ++f;
      if (f < files.size() && files[f].second.shard.k == k) continue;
      if (++count <= 10) missing += (missing.empty() ? "" : ", ") + std::to_string(k);
    }
    if (count > 10) missing += " and " + std::to_string(count - 10) + " more";
    return rejected("shard" + std::string(count > 1 ? "s " : " ") + missing + " of " + std::to_string(n) +
                    " missing (given " + std::to_string(files.size()) + " file" + (files.size() > 1 ? "s" : "") +
                    ", from " + first_name + "): merge every shard of the run");
  }
  Run out;
  const Run& base = files.front().second;
  out.seed = base.seed;
  out.bots = base.bots;
  out.decisions = base.decisions;
  out.games_per_shard = base.games_per_shard * n;
  out.shard = {1, 1};
  out.jobs = 1;
  out.merged_from = n;
  for (const auto& [name, r] : files) out.seconds += r.seconds;
  for (size_t s = 0; s < base.scenarios.size(); ++s) {
    ScenarioRun merged = base.scenarios[s];
    merged.records.clear();
    merged.labels.clear();
    // The union of the shards' label tables, sorted, and each file's
    // numbers renumbered into it.
    std::set<std::string> all;
    for (const auto& [name, r] : files) all.insert(r.scenarios[s].labels.begin(), r.scenarios[s].labels.end());
    merged.labels.assign(all.begin(), all.end());
    merged.records.reserve(static_cast<size_t>(out.games_per_shard));
    for (auto& [name, r] : files) {
      auto& sc = r.scenarios[s];
      std::vector<uint32_t> renumber(sc.labels.size());
      for (size_t i = 0; i < sc.labels.size(); ++i)
        renumber[i] = static_cast<uint32_t>(
            std::lower_bound(merged.labels.begin(), merged.labels.end(), sc.labels[i]) - merged.labels.begin());
      for (auto& rec : sc.records) {
        for (auto& side : rec.labels)
          for (auto& id : side) id = renumber[id];
        merged.records.push_back(std::move(rec));
      }
    }
    out.scenarios.push_back(std::move(merged));
  }
  return out;
}

}  // namespace cardboard
