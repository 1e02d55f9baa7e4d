#include "bots/balance_report.h"

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "bots/balance_svg.h"
#include "session/json_text.h"

namespace cardboard {

using nlohmann::json;

namespace {

// ---- a small document, rendered as Markdown or HTML ------------------------
// A report is written once, as headings, paragraphs, tables and figures,
// and rendered twice, so report.md and report.html always say the same.

struct Block {
  enum class Kind { kHeading, kParagraph, kTable, kFigure };
  Kind kind = Kind::kParagraph;
  int level = 2;                              // a heading's
  std::string text;                           // a heading's or a paragraph's; a figure's caption
  std::vector<std::string> header;            // a table's
  std::vector<std::vector<std::string>> rows;
  std::vector<bool> right;                    // a table's columns aligned right (numbers)
  std::string file, svg;                      // a figure's file name and its SVG
  std::string link;  // a paragraph's link: a report's path without its extension ("a/report"), "" for none
};

class Doc {
 public:
  void heading(int level, std::string text) {
    Block b;
    b.kind = Block::Kind::kHeading;
    b.level = level;
    b.text = std::move(text);
    add(std::move(b));
  }
  void para(std::string text, std::string link = "") {
    Block b;
    b.text = std::move(text);
    b.link = std::move(link);
    add(std::move(b));
  }
  void table(std::vector<std::string> header, std::vector<std::vector<std::string>> rows, std::vector<bool> right) {
    Block b;
    b.kind = Block::Kind::kTable;
    b.header = std::move(header);
    b.rows = std::move(rows);
    b.right = std::move(right);
    add(std::move(b));
  }
  void figure(std::string file, std::string svg, std::string caption) {
    Block b;
    b.kind = Block::Kind::kFigure;
    b.text = std::move(caption);
    b.file = std::move(file);
    b.svg = std::move(svg);
    add(std::move(b));
  }

  std::string markdown() const;
  std::string html(const std::string& title) const;

 private:
  void add(Block b) { blocks_.push_back(std::move(b)); }
  std::vector<Block> blocks_;
};

std::string md_cell(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '|') out += "\\|";
    else if (c == '\n') out += ' ';
    else out += c;
  }
  return out;
}

std::string Doc::markdown() const {
  std::string out;
  for (const auto& b : blocks_) {
    switch (b.kind) {
      case Block::Kind::kHeading:
        out += std::string(static_cast<size_t>(b.level), '#') + " " + b.text + "\n\n";
        break;
      case Block::Kind::kParagraph:
        out += b.link.empty() ? b.text : "[" + b.text + "](" + b.link + ".md)";
        out += "\n\n";
        break;
      case Block::Kind::kTable: {
        out += "|";
        for (const auto& h : b.header) out.append(" ").append(md_cell(h)).append(" |");  // not " " + ...: a GCC 12 false -Wrestrict
        out += "\n|";
        for (size_t i = 0; i < b.header.size(); ++i) out += i < b.right.size() && b.right[i] ? "---:|" : "---|";
        out += "\n";
        for (const auto& row : b.rows) {
          out += "|";
          for (const auto& c : row) out.append(" ").append(md_cell(c)).append(" |");
          out += "\n";
        }
        out += "\n";
        break;
      }
      case Block::Kind::kFigure:
        out += "![" + b.text + "](" + b.file + ")\n\n";
        break;
    }
  }
  return out;
}

std::string Doc::html(const std::string& title) const {
  std::string out =
      "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + xml_escape(title) +
      "</title>\n<style>\n"
      "body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em;color:#222;line-height:1.4}\n"
      "table{border-collapse:collapse;margin:0.5em 0 1em}\n"
      "th,td{border:1px solid #ccc;padding:0.2em 0.6em;text-align:left}\n"
      "td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}\n"
      "figure{margin:0.5em 0 1.5em}figcaption{color:#555;font-size:0.9em}\n"
      "svg{max-width:100%;height:auto}\n"
      "</style>\n</head>\n<body>\n";
  for (const auto& b : blocks_) {
    switch (b.kind) {
      case Block::Kind::kHeading: {
        const std::string h = "h" + std::to_string(b.level);
        out += "<" + h + ">" + xml_escape(b.text) + "</" + h + ">\n";
        break;
      }
      case Block::Kind::kParagraph:
        out += b.link.empty() ? "<p>" + xml_escape(b.text) + "</p>\n"
                              : "<p><a href=\"" + xml_escape(b.link) + ".html\">" + xml_escape(b.text) + "</a></p>\n";
        break;
      case Block::Kind::kTable: {
        out += "<table>\n<tr>";
        for (size_t i = 0; i < b.header.size(); ++i)
          out += std::string(i < b.right.size() && b.right[i] ? "<th class=\"n\">" : "<th>") + xml_escape(b.header[i]) +
                 "</th>";
        out += "</tr>\n";
        for (const auto& row : b.rows) {
          out += "<tr>";
          for (size_t i = 0; i < row.size(); ++i)
            out += std::string(i < b.right.size() && b.right[i] ? "<td class=\"n\">" : "<td>") + xml_escape(row[i]) +
                   "</td>";
          out += "</tr>\n";
        }
        out += "</table>\n";
        break;
      }
      case Block::Kind::kFigure:
        out += "<figure>\n" + b.svg + "<figcaption>" + xml_escape(b.text) + " (" + xml_escape(b.file) +
               ")</figcaption>\n</figure>\n";
        break;
    }
  }
  return out + "</body>\n</html>\n";
}

// ---- numbers in words ----------------------------------------------------

std::string fmt(const char* format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}
std::string pct(const json& v) { return v.is_number() ? fmt("%.1f%%", 100 * v.get<double>()) : "-"; }
std::string dec(const json& v, const char* format = "%.2f") { return v.is_number() ? fmt(format, v.get<double>()) : "-"; }
std::string whole(const json& v) {
  if (v.is_number_integer()) return std::to_string(v.get<int64_t>());
  if (v.is_number()) return fmt("%.0f", v.get<double>());
  return "-";
}
std::string str(const json& v, const std::string& none = "-") { return v.is_string() ? v.get<std::string>() : none; }
// "40.0% to 46.2%" for a proportion's interval.
std::string interval(const json& p) {
  if (!p.is_object() || !p.value("low", json()).is_number()) return "-";
  return pct(p["low"]) + " to " + pct(p["high"]);
}
// A difference of rates in points: "+4.2 (+1.0 to +7.4)".
std::string points(const json& d) {
  if (!d.is_object()) return "-";
  return fmt("%+.1f", 100 * d["difference"].get<double>()) + " (" + fmt("%+.1f", 100 * d["low"].get<double>()) +
         " to " + fmt("%+.1f", 100 * d["high"].get<double>()) + ")";
}
std::string p_value(const json& d) {
  if (!d.is_object()) return "-";
  const double p = d["p"].get<double>();
  return (p < 0.0001 ? std::string("<0.0001") : fmt("%.4f", p)) + (d["significant"].get<bool>() ? " *" : "");
}

RateBar bar(const std::string& label, const json& p) {
  RateBar b;
  b.label = label;
  b.count = p.value("count", int64_t{0});
  b.games = p.value("games", int64_t{0});
  b.defined = p["rate"].is_number();
  if (b.defined) {
    b.rate = p["rate"].get<double>();
    b.low = p["low"].get<double>();
    b.high = p["high"].get<double>();
  }
  return b;
}

std::vector<HistogramBin> bins(const json& length) {
  std::vector<HistogramBin> out;
  if (!length.is_object()) return out;
  for (const auto& b : length["histogram"])
    out.push_back({b["low"].get<int64_t>(), b["high"].get<int64_t>(), b["count"].get<int64_t>()});
  return out;
}

std::string file_safe(const std::string& id) {
  std::string out;
  for (char c : id) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-') ? c : '_';
  return out.empty() ? "_" : out;
}

std::string bots_words(const json& players) {
  std::string out;
  for (const auto& p : players) out += (out.empty() ? "" : ", ") + str(p["side"]) + " " + str(p["bot"]);
  return out.empty() ? "none (the rules play every side)" : out;
}

std::string run_words(const json& run) {
  std::string s = "Played in " + dec(run["seconds"], "%.1f") + " s";
  if (run["games_per_second"].is_number()) s += " (" + dec(run["games_per_second"], "%.0f") + " games/s)";
  const int64_t shards = run.value("shards", int64_t{1});
  if (shards > 1) s += ", shard " + whole(run["shard"]) + " of " + std::to_string(shards);
  const int64_t merged = run.value("merged_from", int64_t{1});
  if (merged > 1) s += ", by " + std::to_string(merged) + " shards merged (their seconds added)";
  else s += ", " + whole(run["jobs"]) + (run.value("jobs", int64_t{1}) == 1 ? " thread" : " threads");
  return s + " (how the games were played; not part of the results).";
}

// ---- the report of a scenario ----------------------------------------------

Doc scenario_doc(const json& r, std::vector<ReportFile>& svgs) {
  Doc d;
  const bool solitaire = r["solitaire"].get<bool>();
  d.heading(1, "Balance: " + str(r["title"]) + " (" + str(r["scenario"]) + ")");
  const int64_t games = r["games"].get<int64_t>();
  const int64_t first = r["first_game"].get<int64_t>();
  d.para(str(r["game_title"]) + ", rules hash " + str(r["rules_hash"]) + ". " + std::to_string(games) + " games (" +
         std::to_string(first) + " to " + std::to_string(first + games - 1) + " of seed " + whole(r["seed"]) +
         "), bots: " + bots_words(r["players"]) + ". " + whole(r["finished"]) + " finished, " + whole(r["errors"]) +
         " stopped by an error.");
  d.para(run_words(r["run"]));
  if (r["errors"].get<int64_t>() > 0) d.para("First error: " + str(r["first_error"]));
  if (r.value("samples_failed", int64_t{0}) > 0)
    d.para("The search bots left out " + whole(r["samples_failed"]) +
           " iterations whose sampled world the rules could not play on (docs/bots.md): a rules error there is "
           "worth a look with random play (`cardboard sim`).");
  if (r.value("searches_failed", int64_t{0}) > 0)
    d.para("At " + whole(r["searches_failed"]) +
           " decisions every sampled world failed, and the search bot took the game's first ordered choice "
           "(`bot_order`), else one at random, without a search.");

  d.heading(2, "Results");
  if (solitaire)
    d.para("A solitaire game: the rules play the other side, so its results are reported, not its sides.");
  std::vector<std::vector<std::string>> rows;
  std::vector<RateBar> bars;
  for (const auto& x : r["results"]) {
    rows.push_back({str(x["result"]), str(x["winner"]), whole(x["count"]), pct(x["rate"]), interval(x)});
    bars.push_back(bar(str(x["result"]), x));
  }
  d.table({"result", "winner", "games", "rate", "95% interval"}, rows, {false, false, true, true, true});
  if (!solitaire) {
    d.heading(2, "Sides");
    rows.clear();
    for (const auto& x : r["sides"]) {
      const std::string name = x["side"].is_null() ? "no winner" : str(x["title"]) + " (" + str(x["side"]) + ")";
      rows.push_back({name, whole(x["count"]), pct(x["rate"]), interval(x)});
      bars.push_back(bar(x["side"].is_null() ? "no winner" : "side " + str(x["title"]) + " wins", x));
    }
    d.table({"side", "wins", "rate", "95% interval"}, rows, {false, true, true, true});
  }
  svgs.push_back({"outcomes.svg", svg_rates(solitaire ? "Results (95% Wilson intervals)"
                                                      : "Results and sides' wins (95% Wilson intervals)",
                                            bars)});
  d.figure("outcomes.svg", svgs.back().second, "each rate with its 95% interval");

  d.heading(2, "Length");
  d.para("Over the finished games.");
  rows.clear();
  for (const char* what : {"turns", "decisions"}) {
    const json& l = r["length"][what];
    if (l.is_null()) {
      rows.push_back({what, "-", "-", "-", "-", "-", "-", "-"});
      continue;
    }
    rows.push_back({what, dec(l["mean"]), dec(l["sd"]), whole(l["min"]), dec(l["q1"], "%.1f"), dec(l["median"], "%.1f"),
                    dec(l["q3"], "%.1f"), whole(l["max"])});
  }
  d.table({"", "mean", "sd", "min", "q1", "median", "q3", "max"}, rows, {false, true, true, true, true, true, true, true});
  svgs.push_back({"length-turns.svg", svg_histogram("Game length in turns", "turns", bins(r["length"]["turns"]))});
  d.figure("length-turns.svg", svgs.back().second, "games by their length in turns");
  svgs.push_back(
      {"length-decisions.svg", svg_histogram("Game length in decisions", "decisions", bins(r["length"]["decisions"]))});
  d.figure("length-decisions.svg", svgs.back().second, "games by the decisions taken in them");

  d.heading(2, "Tracks");
  if (r["tracks"].empty()) d.para("The game has no track.");
  else
    d.para("Each track at the start of each turn, over the finished games that reached that turn, and at the end.");
  for (const auto& t : r["tracks"]) {
    const std::string name = str(t["title"]) + " (" + str(t["track"]) + ")";
    d.heading(3, name);
    rows.clear();
    std::vector<BandPoint> band;
    for (const auto& p : t["turns"]) {
      if (p["n"].is_null()) continue;
      rows.push_back({whole(p["turn"]), whole(p["n"]), dec(p["mean"]), dec(p["q1"], "%.1f"), dec(p["median"], "%.1f"),
                      dec(p["q3"], "%.1f"), whole(p["min"]), whole(p["max"])});
      band.push_back({p["turn"].get<double>(), p["min"].get<double>(), p["q1"].get<double>(), p["median"].get<double>(),
                      p["q3"].get<double>(), p["max"].get<double>(), p["mean"].get<double>(), p["n"].get<int64_t>()});
    }
    const json& e = t["end"];
    if (e.is_object())
      rows.push_back({"end", whole(e["n"]), dec(e["mean"]), dec(e["q1"], "%.1f"), dec(e["median"], "%.1f"),
                      dec(e["q3"], "%.1f"), whole(e["min"]), whole(e["max"])});
    d.table({"turn", "games", "mean", "q1", "median", "q3", "min", "max"}, rows,
            {true, true, true, true, true, true, true, true});
    const std::string file = "track-" + file_safe(str(t["track"])) + ".svg";
    svgs.push_back({file, svg_band(name + " at each turn's start", "turn", band, t["min"].get<double>(),
                                   t["max"].get<double>())});
    d.figure(file, svgs.back().second, name + ": range, quartiles, median and mean at each turn's start");
  }

  d.heading(2, "First player");
  const json& fp = r["first_player"];
  if (fp["fixed"].get<bool>()) {
    d.para(fp["side"].is_null() ? "No side took a decision in these games."
                                 : "The first side to decide is fixed by the rules: " + str(fp["side"]) +
                                       " takes the first decision of every game, so there is no first player's "
                                       "advantage to measure.");
  } else {
    d.para("The side that takes the first decision varies from game to game. Its win rate when it decides first:");
    rows.clear();
    std::vector<RateBar> fbars;
    for (const auto& x : fp["by_side"]) {
      const std::string side = str(x["side"], "none");
      rows.push_back({side, whole(x["games"]), whole(x["first_wins"]["count"]), pct(x["first_wins"]["rate"]),
                      interval(x["first_wins"])});
      fbars.push_back(bar(side + " first, wins", x["first_wins"]));
    }
    d.table({"first side", "games", "its wins", "rate", "95% interval"}, rows, {false, true, true, true, true});
    d.para("Over all games the side that decided first won " + pct(fp["first_wins"]["rate"]) + " (" +
           interval(fp["first_wins"]) + ", " + whole(fp["first_wins"]["count"]) + " of " +
           whole(fp["first_wins"]["games"]) + ").");
    svgs.push_back({"first-player.svg", svg_rates("Win rate of the side that decides first", fbars)});
    d.figure("first-player.svg", svgs.back().second, "each first side's win rate with its 95% interval");
  }

  d.heading(2, "Decisions that mattered most");
  const json& dm = r["decisions"];
  if (!dm["recorded"].get<bool>()) {
    d.para("Not recorded in this run (sim records them with --decisions; balance always does).");
  } else {
    d.para("A decision is where it was asked (phase, or phase/step) and the choice taken, a piece named by its type. "
           "'With': the finished games in which the side took it at least once; 'without': the others. Listed when "
           "each has at least " +
           whole(dm["min_support"]) + " games, the largest difference in the side's win rate first (" +
           whole(dm.value("candidates", json(0))) + " of " + whole(dm["labels"]) +
           " decisions qualify); * marks p < 0.05 (two-proportion z-test). Bots that play well make these "
           "differences meaningful; random play shows what the rules reward by chance.");
    rows.clear();
    std::vector<RatePair> pairs;
    for (const auto& x : dm["top"]) {
      rows.push_back({str(x["side"]), str(x["label"]),
                      whole(x["with"]["count"]) + "/" + whole(x["with"]["games"]), pct(x["with"]["rate"]),
                      whole(x["without"]["count"]) + "/" + whole(x["without"]["games"]), pct(x["without"]["rate"]),
                      points(x["difference"]), p_value(x["difference"])});
      RatePair pr;
      pr.label = str(x["side"]) + ": " + str(x["label"]);
      pr.a = bar("with", x["with"]);
      pr.b = bar("without", x["without"]);
      pairs.push_back(std::move(pr));
    }
    if (rows.empty()) {
      d.para("No decision has enough games on both sides.");
    } else {
      d.table({"side", "decision", "won/with", "rate", "won/without", "rate", "difference, points (95%)", "p"}, rows,
              {false, false, true, true, true, true, true, true});
      svgs.push_back({"decisions.svg", svg_rate_pairs("Win rate with and without each decision", "taken",
                                                      "not taken", pairs)});
      d.figure("decisions.svg", svgs.back().second, "the side's win rate in games with and without each decision");
    }
  }
  return d;
}

// ---- the comparison --------------------------------------------------------

Doc comparison_doc(const json& c, std::vector<ReportFile>& svgs) {
  Doc d;
  const json& a = c["a"];
  const json& b = c["b"];
  d.heading(1, "Balance: " + str(a["scenario"]) + " against " + str(b["scenario"]));
  d.para("A: " + str(a["title"]) + " (" + str(a["game_title"]) + ", rules hash " + str(a["rules_hash"]) + "). B: " +
         str(b["title"]) + " (" + str(b["game_title"]) + ", rules hash " + str(b["rules_hash"]) + ").");
  const int64_t games = c["games"].get<int64_t>(), first = c["first_game"].get<int64_t>();
  d.para("The same " + std::to_string(games) + " games of each (" + std::to_string(first) + " to " +
         std::to_string(first + games - 1) + " of seed " + whole(c["seed"]) + ": game i starts from the same seed in "
         "A and B), bots: " + bots_words(c["players"]) + ". Errors: " + whole(a["errors"]) + " in A, " +
         whole(b["errors"]) + " in B.");
  d.para(run_words(c["run"]));
  d.para("A's own report", "a/report");
  d.para("B's own report", "b/report");
  d.para("Differences are A - B in percentage points with their 95% interval (Newcombe's, from Wilson intervals); "
         "* marks p < 0.05 in a two-proportion z-test.");

  std::vector<RatePair> pairs;
  const auto rate_rows = [&](const json& list, const char* key) {
    std::vector<std::vector<std::string>> rows;
    for (const auto& x : list) {
      const std::string name = str(x[key], "no winner");
      rows.push_back({name, whole(x["a"]["count"]) + " (" + pct(x["a"]["rate"]) + ")",
                      whole(x["b"]["count"]) + " (" + pct(x["b"]["rate"]) + ")", points(x["difference"]),
                      p_value(x["difference"])});
      RatePair p;
      p.label = std::string(key) == "side" ? "side " + name + " wins" : name;
      p.a = bar("A", x["a"]);
      p.b = bar("B", x["b"]);
      pairs.push_back(std::move(p));
    }
    return rows;
  };
  d.heading(2, "Results");
  d.table({"result", "A", "B", "difference, points (95%)", "p"}, rate_rows(c["results"], "result"),
          {false, true, true, true, true});
  if (!c["sides"].empty()) {
    d.heading(2, "Sides");
    d.table({"side", "A wins", "B wins", "difference, points (95%)", "p"}, rate_rows(c["sides"], "side"),
            {false, true, true, true, true});
  }
  svgs.push_back({"comparison.svg", svg_rate_pairs("A against B (95% Wilson intervals)", "A: " + str(a["scenario"]),
                                                   "B: " + str(b["scenario"]), pairs)});
  d.figure("comparison.svg", svgs.back().second, "each rate in A and B with its 95% interval");

  // A row of means: A's, B's, the difference with its interval, Welch's p.
  const auto mean_row = [&](const std::string& what, const json& l) {
    const json& diff = l["difference"];
    return std::vector<std::string>{
        what, l["a"].is_null() ? "-" : dec(l["a"]["mean"]), l["b"].is_null() ? "-" : dec(l["b"]["mean"]),
        diff.is_null() ? "-"
                       : fmt("%+.2f", diff["difference"].get<double>()) + " (" + fmt("%+.2f", diff["low"].get<double>()) +
                             " to " + fmt("%+.2f", diff["high"].get<double>()) + ")",
        p_value(diff)};
  };
  d.heading(2, "Length");
  d.para("Means over the finished games; the difference A - B with its 95% interval (normal approximation) and "
         "Welch's p.");
  std::vector<std::vector<std::string>> rows;
  for (const char* what : {"turns", "decisions"}) rows.push_back(mean_row(what, c["length"][what]));
  d.table({"", "A mean", "B mean", "difference (95%)", "p"}, rows, {false, true, true, true, true});
  if (c.contains("tracks") && !c["tracks"].empty()) {
    d.heading(2, "Tracks at the end");
    d.para("Each track of both at the end of the finished games: its means, and their difference as above. A rule "
           "that moves the points without turning games over shows here first.");
    rows.clear();
    for (const auto& t : c["tracks"]) rows.push_back(mean_row(str(t["title"]) + " (" + str(t["id"]) + ")", t));
    d.table({"track", "A mean", "B mean", "difference (95%)", "p"}, rows, {false, true, true, true, true});
  }
  return d;
}

std::vector<ReportFile> files_of(const Doc& doc, const std::string& title, const json& j,
                                 std::vector<ReportFile> svgs, const std::string& prefix = "") {
  std::vector<ReportFile> out;
  out.push_back({prefix + "report.md", doc.markdown()});
  out.push_back({prefix + "report.html", doc.html(title)});
  out.push_back({prefix + "report.json", json_text(j, 2) + "\n"});
  for (auto& [name, svg] : svgs) out.push_back({prefix + name, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg});
  return out;
}

}  // namespace

std::vector<ReportFile> scenario_report_files(const json& report) {
  std::vector<ReportFile> svgs;
  const Doc doc = scenario_doc(report, svgs);
  return files_of(doc, "Balance: " + str(report["scenario"]), report, std::move(svgs));
}

std::vector<ReportFile> comparison_report_files(const json& comparison, const json& report_a, const json& report_b) {
  std::vector<ReportFile> svgs;
  const Doc doc = comparison_doc(comparison, svgs);
  auto out = files_of(doc, "Balance: " + str(comparison["a"]["scenario"]) + " against " +
                               str(comparison["b"]["scenario"]),
                      comparison, std::move(svgs));
  for (const auto& [report, prefix] : {std::pair<const json*, const char*>{&report_a, "a/"}, {&report_b, "b/"}}) {
    std::vector<ReportFile> s;
    const Doc d = scenario_doc(*report, s);
    for (auto& f : files_of(d, "Balance: " + str((*report)["scenario"]), *report, std::move(s), prefix))
      out.push_back(std::move(f));
  }
  return out;
}

RunReport report_run(const Run& run, const AnalysisOptions& options) {
  RunReport r;
  if (run.scenarios.size() == 2) {
    r.report = comparison_report(run, options);
    r.files = comparison_report_files(r.report, scenario_report(run, 0, options), scenario_report(run, 1, options));
  } else {
    r.report = scenario_report(run, 0, options);
    r.files = scenario_report_files(r.report);
  }
  return r;
}

std::string default_report_dir(const std::string& root, const Run& run) {
  const auto name = [](const std::string& scenario) {
    std::string out;
    for (char c : scenario) out += c == '/' ? '-' : c;
    return file_safe(out);
  };
  std::string dir = name(run.scenarios.at(0).scenario);
  if (run.scenarios.size() > 1) dir += "-vs-" + name(run.scenarios[1].scenario);
  return (std::filesystem::path(root) / "reports" / dir).string();
}

Status write_report_files(const std::string& dir, const std::vector<ReportFile>& files) {
  namespace fs = std::filesystem;
  for (const auto& [name, text] : files) {
    const fs::path path = fs::path(dir) / name;
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    if (ec) return rejected("cannot make the folder " + path.parent_path().string() + ": " + ec.message());
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    out.flush();
    if (!out) return rejected("cannot write " + path.string() + ": check the folder is writable and the disk not full");
  }
  return ok_status();
}

}  // namespace cardboard
