#include "bots/balance_stats.h"

#include <algorithm>
#include <cmath>

namespace cardboard {

double normal_cdf(double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); }

Proportion wilson(int64_t k, int64_t n, double z) {
  Proportion p;
  p.k = k;
  p.n = n;
  if (n <= 0 || k < 0 || k > n) return p;
  const double nn = static_cast<double>(n);
  const double phat = static_cast<double>(k) / nn;
  const double z2 = z * z;
  const double centre = phat + z2 / (2 * nn);
  const double spread = z * std::sqrt(phat * (1 - phat) / nn + z2 / (4 * nn * nn));
  const double denom = 1 + z2 / nn;
  p.rate = phat;
  // At k = 0 and k = n the formula gives 0 and 1 up to rounding; say so exactly.
  p.low = k == 0 ? 0.0 : std::max(0.0, (centre - spread) / denom);
  p.high = k == n ? 1.0 : std::min(1.0, (centre + spread) / denom);
  p.defined = true;
  return p;
}

ProportionDifference compare_proportions(int64_t k1, int64_t n1, int64_t k2, int64_t n2) {
  ProportionDifference d;
  if (n1 <= 0 || n2 <= 0) return d;
  const Proportion a = wilson(k1, n1), b = wilson(k2, n2);
  d.defined = true;
  d.difference = a.rate - b.rate;
  // Newcombe (1998), method 10: the two Wilson intervals' distances from
  // their estimates, added in quadrature on each side.
  d.low = d.difference - std::sqrt((a.rate - a.low) * (a.rate - a.low) + (b.high - b.rate) * (b.high - b.rate));
  d.high = d.difference + std::sqrt((a.high - a.rate) * (a.high - a.rate) + (b.rate - b.low) * (b.rate - b.low));
  const double pooled = static_cast<double>(k1 + k2) / static_cast<double>(n1 + n2);
  const double se = std::sqrt(pooled * (1 - pooled) * (1.0 / static_cast<double>(n1) + 1.0 / static_cast<double>(n2)));
  if (se > 0) {
    d.z = d.difference / se;
    d.p = 2 * normal_cdf(-std::fabs(d.z));
  } else {
    d.z = 0;  // both all wins or all losses: no difference to test
    d.p = 1;
  }
  d.significant = d.p < 0.05;
  return d;
}

double quantile(const std::vector<int64_t>& sorted, double q) {
  if (sorted.empty()) return 0;
  const double h = (static_cast<double>(sorted.size()) - 1) * q;
  const auto lo = static_cast<size_t>(std::floor(h));
  const size_t hi = std::min(sorted.size() - 1, lo + 1);
  const double a = static_cast<double>(sorted[lo]), b = static_cast<double>(sorted[hi]);
  return a + (h - static_cast<double>(lo)) * (b - a);
}

Summary summarize(std::vector<int64_t> values) {
  Summary s;
  s.n = static_cast<int64_t>(values.size());
  if (values.empty()) return s;
  std::sort(values.begin(), values.end());
  // Summed in sorted order, so the same values give the same bits whatever
  // order they came in.
  long double sum = 0;
  for (int64_t v : values) sum += static_cast<long double>(v);
  s.mean = static_cast<double>(sum / static_cast<long double>(values.size()));
  if (values.size() > 1) {
    long double sq = 0;
    for (int64_t v : values) {
      const long double d = static_cast<long double>(v) - s.mean;
      sq += d * d;
    }
    s.sd = static_cast<double>(std::sqrt(sq / static_cast<long double>(values.size() - 1)));
  }
  s.min = static_cast<double>(values.front());
  s.max = static_cast<double>(values.back());
  s.q1 = quantile(values, 0.25);
  s.median = quantile(values, 0.5);
  s.q3 = quantile(values, 0.75);
  return s;
}

MeanDifference compare_means(const Summary& a, const Summary& b) {
  MeanDifference d;
  if (a.n < 2 || b.n < 2) return d;
  d.defined = true;
  d.difference = a.mean - b.mean;
  const double se = std::sqrt(a.sd * a.sd / static_cast<double>(a.n) + b.sd * b.sd / static_cast<double>(b.n));
  d.low = d.difference - kZ95 * se;
  d.high = d.difference + kZ95 * se;
  if (se > 0) {
    d.p = 2 * normal_cdf(-std::fabs(d.difference / se));
  } else {
    d.p = d.difference == 0 ? 1 : 0;
  }
  d.significant = d.p < 0.05;
  return d;
}

}  // namespace cardboard
