// The statistics of balance reports: a proportion's confidence interval
// (Wilson's score interval), the difference of two proportions (Newcombe's
// interval built from two Wilson intervals, and the two-proportion z-test),
// the difference of two means (Welch's normal approximation), and a sample's
// summary (mean, spread, quartiles). Pure functions of their arguments,
// with the textbook's conventions, tested against published values
// (tests/balance_test.cc).
#pragma once

#include <cstdint>
#include <vector>

namespace cardboard {

// z for a two-sided 95% interval: the normal distribution's 0.975 quantile.
constexpr double kZ95 = 1.959963984540054;

// The standard normal distribution function, P(Z <= z).
double normal_cdf(double z);

// A proportion k/n with its 95% interval. For n == 0 every field is 0 and
// `defined` false (no games: no rate).
struct Proportion {
  int64_t k = 0;
  int64_t n = 0;
  double rate = 0;
  double low = 0;
  double high = 0;
  bool defined = false;
};
// Wilson's score interval (Wilson 1927; Newcombe 1998's method 3): unlike
// the textbook p +- z*sqrt(p(1-p)/n) it stays inside [0, 1] and is not
// empty at k = 0 or k = n.
Proportion wilson(int64_t k, int64_t n, double z = kZ95);

// The difference of two independent proportions, a - b.
struct ProportionDifference {
  double difference = 0;  // a.rate - b.rate
  double low = 0;         // its 95% interval (Newcombe's hybrid score interval, his method 10)
  double high = 0;
  double z = 0;           // the two-proportion z statistic (pooled), 0 when it is undefined
  double p = 1;           // its two-sided p value
  bool significant = false;  // p < 0.05
  bool defined = false;      // both have games
};
ProportionDifference compare_proportions(int64_t k1, int64_t n1, int64_t k2, int64_t n2);

// A sample of whole numbers in short: mean, standard deviation (n - 1), the
// quartiles (linear interpolation between order statistics, R's type 7,
// numpy's default), extremes.
struct Summary {
  int64_t n = 0;
  double mean = 0;
  double sd = 0;
  double min = 0;
  double q1 = 0;
  double median = 0;
  double q3 = 0;
  double max = 0;
};
// Sorts `values` (the caller's copy).
Summary summarize(std::vector<int64_t> values);
// The q-quantile (0..1) of sorted values, type 7; 0 for none.
double quantile(const std::vector<int64_t>& sorted, double q);

// The difference of two means, a - b, with its 95% interval and the p value
// of Welch's z (normal approximation: the samples here have hundreds of games).
struct MeanDifference {
  double difference = 0;
  double low = 0;
  double high = 0;
  double p = 1;
  bool significant = false;
  bool defined = false;  // both have at least two values
};
MeanDifference compare_means(const Summary& a, const Summary& b);

}  // namespace cardboard
