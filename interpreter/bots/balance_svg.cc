#include "bots/balance_svg.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace cardboard {

namespace {

constexpr int kWidth = 720;
constexpr int kLabelWidth = 280;  // the rate plots' labels, left of the bars
constexpr int kRow = 24;
constexpr const char* kColourA = "#3b6ea5";
constexpr const char* kColourB = "#d08a2c";

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

std::string percent(double rate) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100 * rate);
  return buf;
}

std::string shorten(const std::string& s, size_t max) {
  if (s.size() <= max) return s;
  size_t cut = max - 1;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
  return s.substr(0, cut) + "\u2026";
}

std::string open_svg(int height, const std::string& title) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(kWidth) + "\" height=\"" +
         std::to_string(height) + "\" viewBox=\"0 0 " + std::to_string(kWidth) + " " + std::to_string(height) +
         "\" font-family=\"sans-serif\" font-size=\"12\">\n<title>" + xml_escape(title) +
         "</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n<text x=\"8\" y=\"18\" font-size=\"14\" "
         "font-weight=\"bold\">" +
         xml_escape(title) + "</text>\n";
}

std::string text(double x, double y, const std::string& s, const char* anchor = "start", const char* extra = "") {
  return "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" text-anchor=\"" + anchor + "\"" + extra + ">" +
         xml_escape(s) + "</text>\n";
}

std::string line(double x1, double y1, double x2, double y2, const char* stroke, const char* extra = "") {
  return "<line x1=\"" + num(x1) + "\" y1=\"" + num(y1) + "\" x2=\"" + num(x2) + "\" y2=\"" + num(y2) +
         "\" stroke=\"" + stroke + "\"" + extra + "/>\n";
}

std::string rect(double x, double y, double w, double h, const char* fill, const char* extra = "") {
  return "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(std::max(0.0, w)) + "\" height=\"" +
         num(std::max(0.0, h)) + "\" fill=\"" + fill + "\"" + extra + "/>\n";
}

// The 0-100% axis of the rate plots, under `top`, for `rows` of `row` height.
std::string percent_axis(double left, double right, double top, double bottom) {
  std::string out;
  for (int p = 0; p <= 100; p += 25) {
    const double x = left + (right - left) * p / 100.0;
    out += line(x, top, x, bottom, "#ddd");
    out += text(x, bottom + 14, std::to_string(p) + "%", "middle");
  }
  return out;
}

// A bar of a rate with its whisker and its words, in a row at y of height h.
std::string rate_bar(const RateBar& b, double left, double right, double y, double h, const char* colour) {
  std::string out;
  if (!b.defined) return out + text(left + 4, y + h * 0.75, "no games", "start", " fill=\"#888\"");
  const double span = right - left;
  out += "<g><title>" + xml_escape(b.label + ": " + percent(b.rate) + " (" + std::to_string(b.count) + " of " +
                                   std::to_string(b.games) + "), 95% interval " + percent(b.low) + " to " +
                                   percent(b.high)) +
         "</title>\n";
  out += rect(left, y + 2, span * b.rate, h - 4, colour);
  const double mid = y + h / 2;
  out += line(left + span * b.low, mid, left + span * b.high, mid, "#222", " stroke-width=\"1.5\"");
  out += line(left + span * b.low, mid - 4, left + span * b.low, mid + 4, "#222", " stroke-width=\"1.5\"");
  out += line(left + span * b.high, mid - 4, left + span * b.high, mid + 4, "#222", " stroke-width=\"1.5\"");
  out += text(std::min(right + 4, left + span * b.high + 6), y + h * 0.72,
              percent(b.rate) + " (" + std::to_string(b.count) + ")");
  out += "</g>\n";
  return out;
}

// A y axis of about five round ticks over [lo, hi].
double nice_step(double span) {
  if (!(span > 0)) return 1;
  const double raw = span / 5;
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * mag >= raw) return std::max(m * mag, 1e-9);
  return 10 * mag;
}

}  // namespace

std::string xml_escape(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default:
        // Control characters are not allowed in XML 1.0 text.
        if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') out += ' ';
        else out += c;
    }
  }
  return out;
}

std::string svg_rates(const std::string& title, const std::vector<RateBar>& bars) {
  const double top = 32, left = kLabelWidth, right = kWidth - 110;
  const double bottom = top + kRow * static_cast<double>(std::max<size_t>(1, bars.size()));
  std::string out = open_svg(static_cast<int>(bottom) + 28, title);
  out += percent_axis(left, right, top, bottom);
  for (size_t i = 0; i < bars.size(); ++i) {
    const double y = top + kRow * static_cast<double>(i);
    out += "<g><title>" + xml_escape(bars[i].label) + "</title>" +
           text(left - 8, y + kRow * 0.7, shorten(bars[i].label, 42), "end") + "</g>\n";
    out += rate_bar(bars[i], left, right, y, kRow, kColourA);
  }
  return out + "</svg>\n";
}

std::string svg_rate_pairs(const std::string& title, const std::string& a_name, const std::string& b_name,
                           const std::vector<RatePair>& rows) {
  // A row's label on a line of its own above its two bars: decisions'
  // labels are long.
  const double top = 52, left = 24, right = kWidth - 110, label = 16, bars = 2 * kRow - 12, row = label + bars + 4;
  const double bottom = top + row * static_cast<double>(std::max<size_t>(1, rows.size()));
  std::string out = open_svg(static_cast<int>(bottom) + 28, title);
  out += rect(left, 28, 12, 12, kColourA) + text(left + 16, 38, shorten(a_name, 45));
  out += rect(left + 340, 28, 12, 12, kColourB) + text(left + 356, 38, shorten(b_name, 45));
  out += percent_axis(left, right, top, bottom);
  for (size_t i = 0; i < rows.size(); ++i) {
    const double y = top + row * static_cast<double>(i);
    out += "<g><title>" + xml_escape(rows[i].label) + "</title>" +
           text(left, y + 12, shorten(rows[i].label, 100), "start", " fill=\"#333\"") + "</g>\n";
    out += rate_bar(rows[i].a, left, right, y + label, bars / 2, kColourA);
    out += rate_bar(rows[i].b, left, right, y + label + bars / 2, bars / 2, kColourB);
  }
  return out + "</svg>\n";
}

std::string svg_histogram(const std::string& title, const std::string& x_label, const std::vector<HistogramBin>& bins) {
  const double top = 32, left = 56, right = kWidth - 16, bottom = 232;
  std::string out = open_svg(static_cast<int>(bottom) + 44, title);
  int64_t most = 1;
  for (const auto& b : bins) most = std::max(most, b.count);
  // Whole games on the count axis.
  const auto step = static_cast<int64_t>(std::max(1.0, std::ceil(nice_step(static_cast<double>(most)))));
  for (int64_t v = 0; v <= most; v += step) {
    const double y = bottom - (bottom - top) * static_cast<double>(v) / static_cast<double>(most);
    out += line(left, y, right, y, "#ddd");
    out += text(left - 6, y + 4, std::to_string(v), "end");
  }
  const double width = bins.empty() ? 0 : (right - left) / static_cast<double>(bins.size());
  // Labels at least 48 pixels apart: a bin's value (width 1) or its low end.
  const size_t every = width > 0 ? static_cast<size_t>(std::ceil(48 / width)) : 1;
  for (size_t i = 0; i < bins.size(); ++i) {
    const auto& b = bins[i];
    const double x = left + width * static_cast<double>(i);
    const double h = (bottom - top) * static_cast<double>(b.count) / static_cast<double>(most);
    const std::string range = b.low == b.high ? std::to_string(b.low)
                                              : std::to_string(b.low) + "\u2013" + std::to_string(b.high);
    out += "<g><title>" + xml_escape(x_label + " " + range + ": " + std::to_string(b.count) + " games") +
           "</title>" + rect(x + 1, bottom - h, width - 2, h, kColourA) + "</g>\n";
    if (i % every != 0) continue;
    if (b.low == b.high) out += text(x + width / 2, bottom + 14, range, "middle");
    else out += line(x, bottom, x, bottom + 4, "#222") + text(x, bottom + 16, std::to_string(b.low), "middle");
  }
  out += line(left, bottom, right, bottom, "#222");
  out += text((left + right) / 2, bottom + 32, x_label, "middle");
  out += text(14, (top + bottom) / 2, "games", "middle",
              (" transform=\"rotate(-90 14 " + num((top + bottom) / 2) + ")\"").c_str());
  return out + "</svg>\n";
}

std::string svg_band(const std::string& title, const std::string& x_label, const std::vector<BandPoint>& points,
                     double y_min, double y_max) {
  const double top = 32, left = 56, right = kWidth - 16, bottom = 252;
  std::string out = open_svg(static_cast<int>(bottom) + 64, title);
  double lo = y_min, hi = y_max;
  for (const auto& p : points) {
    lo = std::min(lo, p.min);
    hi = std::max(hi, p.max);
  }
  if (!(hi > lo)) hi = lo + 1;
  const double x_lo = points.empty() ? 0 : points.front().x, x_hi = points.empty() ? 1 : points.back().x;
  const auto X = [&](double x) { return x_hi > x_lo ? left + (right - left) * (x - x_lo) / (x_hi - x_lo) : (left + right) / 2; };
  const auto Y = [&](double y) { return bottom - (bottom - top) * (y - lo) / (hi - lo); };
  const double step = nice_step(hi - lo);
  for (double v = std::ceil(lo / step) * step; v <= hi + 1e-9; v += step) {
    out += line(left, Y(v), right, Y(v), "#ddd");
    std::string label = num(v);
    if (label.size() > 2 && label.compare(label.size() - 2, 2, ".0") == 0) label.resize(label.size() - 2);
    out += text(left - 6, Y(v) + 4, label, "end");
  }
  const auto area = [&](double BandPoint::*upper, double BandPoint::*lower, const char* fill) {
    if (points.empty()) return std::string();
    std::string d = "M";
    for (const auto& p : points) d += " " + num(X(p.x)) + "," + num(Y(p.*upper));
    for (auto it = points.rbegin(); it != points.rend(); ++it) d += " L" + num(X(it->x)) + "," + num(Y((*it).*lower));
    return "<path d=\"" + d + " Z\" fill=\"" + fill + "\" stroke=\"none\"/>\n";
  };
  const auto polyline = [&](double BandPoint::*field, const char* stroke, const char* extra) {
    std::string pts;
    for (const auto& p : points) pts += (pts.empty() ? "" : " ") + num(X(p.x)) + "," + num(Y(p.*field));
    return "<polyline points=\"" + pts + "\" fill=\"none\" stroke=\"" + stroke + "\"" + extra + "/>\n";
  };
  out += area(&BandPoint::max, &BandPoint::min, "#dce6f2");
  out += area(&BandPoint::q3, &BandPoint::q1, "#9fbad9");
  out += polyline(&BandPoint::median, kColourA, " stroke-width=\"2\"");
  out += polyline(&BandPoint::mean, "#222", " stroke-width=\"1.5\" stroke-dasharray=\"4 3\"");
  const size_t every = std::max<size_t>(1, points.size() / 15);
  for (size_t i = 0; i < points.size(); ++i) {
    const auto& p = points[i];
    out += "<circle cx=\"" + num(X(p.x)) + "\" cy=\"" + num(Y(p.median)) + "\" r=\"3\" fill=\"" + kColourA +
           "\"><title>" +
           xml_escape(x_label + " " + num(p.x) + ": " + std::to_string(p.n) + " games, mean " + num(p.mean) +
                      ", median " + num(p.median) + ", quartiles " + num(p.q1) + " to " + num(p.q3) + ", range " +
                      num(p.min) + " to " + num(p.max)) +
           "</title></circle>\n";
    if (i % every == 0) {
      std::string label = num(p.x);
      if (label.size() > 2 && label.compare(label.size() - 2, 2, ".0") == 0) label.resize(label.size() - 2);
      out += text(X(p.x), bottom + 14, label, "middle");
    }
  }
  out += line(left, bottom, right, bottom, "#222");
  out += text((left + right) / 2, bottom + 30, x_label, "middle");
  // The legend.
  const double ly = bottom + 50;
  out += rect(left, ly - 10, 14, 10, "#dce6f2") + text(left + 18, ly, "range");
  out += rect(left + 80, ly - 10, 14, 10, "#9fbad9") + text(left + 98, ly, "quartiles");
  out += line(left + 180, ly - 5, left + 200, ly - 5, kColourA, " stroke-width=\"2\"") + text(left + 204, ly, "median");
  out += line(left + 270, ly - 5, left + 290, ly - 5, "#222", " stroke-width=\"1.5\" stroke-dasharray=\"4 3\"") +
         text(left + 294, ly, "mean");
  return out + "</svg>\n";
}

}  // namespace cardboard
