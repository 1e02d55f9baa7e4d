// The plots of balance reports as SVG text, with no library and nothing
// fetched: rates with their intervals as horizontal bars and whiskers
// (alone, or two a row to compare), a histogram of whole numbers, and a
// band chart of a value turn by turn (extremes, quartiles, median, mean).
// The same numbers give the same bytes. Every text is escaped; long labels
// are shortened on the plot and given whole in its tooltip (<title>).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace cardboard {

struct RateBar {
  std::string label;
  double rate = 0, low = 0, high = 0;  // 0..1
  int64_t count = 0, games = 0;
  bool defined = true;                 // false: no games, no bar
};
// One bar a row, 0 to 100%, with the interval as a whisker.
std::string svg_rates(const std::string& title, const std::vector<RateBar>& bars);

// Two bars a row (a comparison, or a decision taken and not), named in the legend.
struct RatePair {
  std::string label;
  RateBar a, b;
};
std::string svg_rate_pairs(const std::string& title, const std::string& a_name, const std::string& b_name,
                           const std::vector<RatePair>& rows);

struct HistogramBin {
  int64_t low = 0, high = 0, count = 0;
};
std::string svg_histogram(const std::string& title, const std::string& x_label, const std::vector<HistogramBin>& bins);

struct BandPoint {
  double x = 0;
  double min = 0, q1 = 0, median = 0, q3 = 0, max = 0, mean = 0;
  int64_t n = 0;
};
// The band of each point's values; the y axis spans [y_min, y_max] (a
// track's bounds), widened to the data when they fall outside.
std::string svg_band(const std::string& title, const std::string& x_label, const std::vector<BandPoint>& points,
                     double y_min, double y_max);

// XML-escapes text for an element or an attribute.
std::string xml_escape(const std::string& text);

}  // namespace cardboard
