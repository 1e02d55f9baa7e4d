// Dice and the generator (core/dice.h, core/rng.h): parsing dice specs,
// the range of every face, forced faces, seeding, and the uniformity of
// Rng::below.
#include <catch2/catch.hpp>

#include <array>
#include <set>
#include <vector>

#include "core/dice.h"
#include "core/rng.h"

using namespace cardboard;

namespace {

DiceSpec spec_of(const char* text) {
  auto s = parse_dice(text);
  if (!s.ok()) FAIL(s.error().message);
  return *s;
}

int roll_once(const DiceSpec& spec, Rng& rng, ForcedDice& forced, std::vector<int>& faces) {
  auto r = roll_dice(spec, rng, forced, faces);
  if (!r.ok()) FAIL(r.error().message);
  return *r;
}

}  // namespace

TEST_CASE("dice: d6 is one six-sided die read 1-6", "[kernel][dice]") {
  const DiceSpec d = spec_of("d6");
  CHECK(d.count == 1);
  CHECK(d.sides == 6);
  CHECK(d.low == 1);
  CHECK(d.high() == 6);
}

TEST_CASE("dice: 2d6 is two six-sided dice", "[kernel][dice]") {
  const DiceSpec d = spec_of("2d6");
  CHECK(d.count == 2);
  CHECK(d.sides == 6);
  CHECK(d.low == 1);
  const DiceSpec upper = spec_of("3D8");
  CHECK(upper.count == 3);
  CHECK(upper.sides == 8);
}

TEST_CASE("dice: a d10 is read 0-9", "[kernel][dice]") {
  const DiceSpec d = spec_of("d10");
  CHECK(d.sides == 10);
  CHECK(d.low == 0);
  CHECK(d.high() == 9);
  CHECK(spec_of("2d10").low == 0);
  CHECK(spec_of("d20").low == 1);
}

TEST_CASE("dice: a bad spec is rejected naming it and the expected form", "[kernel][dice]") {
  for (const char* bad : {"", "6", "d", "dx", "xd6", "2d", "0d6", "-1d6", "d1", "d0", "101d6", "d1001", "2d6+1",
                          " d6", "d6 ", "1.5d6"}) {
    INFO("spec '" << bad << "'");
    auto r = parse_dice(bad);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::kRejected);
    CHECK(r.error().message == "bad dice '" + std::string(bad) + "': expected NdM such as d6, 2d6 or d10");
  }
  CHECK(parse_dice("100d1000").ok());
}

TEST_CASE("dice: every face of a d6 comes up and none outside 1-6", "[kernel][dice]") {
  Rng rng(42);
  ForcedDice forced;
  std::vector<int> faces;
  std::set<int> seen;
  const DiceSpec d6 = spec_of("d6");
  for (int i = 0; i < 6000; ++i) {
    const int total = roll_once(d6, rng, forced, faces);
    REQUIRE(faces.size() == 1);
    REQUIRE(total == faces[0]);
    REQUIRE(total >= 1);
    REQUIRE(total <= 6);
    seen.insert(total);
  }
  CHECK(seen == std::set<int>{1, 2, 3, 4, 5, 6});
}

TEST_CASE("dice: every face of a d10 comes up and none outside 0-9", "[kernel][dice]") {
  Rng rng(7);
  ForcedDice forced;
  std::vector<int> faces;
  std::set<int> seen;
  const DiceSpec d10 = spec_of("d10");
  for (int i = 0; i < 10000; ++i) {
    const int total = roll_once(d10, rng, forced, faces);
    REQUIRE(total >= 0);
    REQUIRE(total <= 9);
    seen.insert(total);
  }
  CHECK(seen == std::set<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
}

TEST_CASE("dice: 2d6 totals the faces and spans 2-12", "[kernel][dice]") {
  Rng rng(3);
  ForcedDice forced;
  std::vector<int> faces;
  std::set<int> seen;
  const DiceSpec d = spec_of("2d6");
  for (int i = 0; i < 5000; ++i) {
    const int total = roll_once(d, rng, forced, faces);
    REQUIRE(faces.size() == 2);
    REQUIRE(total == faces[0] + faces[1]);
    seen.insert(total);
  }
  CHECK(*seen.begin() == 2);
  CHECK(*seen.rbegin() == 12);
  CHECK(seen.size() == 11);
}

TEST_CASE("dice: the same seed rolls the same sequence, another seed another", "[kernel][dice]") {
  auto sequence = [](uint64_t seed) {
    Rng rng(seed);
    ForcedDice forced;
    std::vector<int> faces, out;
    const DiceSpec d = spec_of("d6");
    for (int i = 0; i < 100; ++i) out.push_back(roll_once(d, rng, forced, faces));
    return out;
  };
  CHECK(sequence(1234) == sequence(1234));
  CHECK(sequence(1234) != sequence(1235));
  CHECK(sequence(0) != sequence(1));

  Rng a(99), b(99), c(100);
  for (int i = 0; i < 1000; ++i) REQUIRE(a.next() == b.next());
  CHECK(a.words() == b.words());
  CHECK(a.next() != c.next());
}

TEST_CASE("dice: a generator restored from its words continues the same sequence", "[kernel][dice]") {
  Rng a(5);
  for (int i = 0; i < 10; ++i) (void)a.next();
  Rng b;
  b.set_words(a.words());
  for (int i = 0; i < 100; ++i) REQUIRE(a.next() == b.next());
}

TEST_CASE("dice: forced faces are consumed in order before the generator", "[kernel][dice]") {
  Rng rng(11), untouched(11);
  ForcedDice forced;
  forced.push(6);
  forced.push(1);
  forced.push(4);
  std::vector<int> faces;
  CHECK(roll_once(spec_of("2d6"), rng, forced, faces) == 7);
  CHECK(faces == std::vector<int>{6, 1});
  CHECK(forced.size() == 1);
  CHECK(roll_once(spec_of("d6"), rng, forced, faces) == 4);
  CHECK(forced.empty());
  // Forced faces drew nothing from the generator.
  CHECK(rng.words() == untouched.words());
  // A spec needing more dice than are forced takes the rest from the generator.
  forced.push(0);
  const int total = roll_once(spec_of("2d10"), rng, forced, faces);
  CHECK(faces[0] == 0);
  CHECK(total == faces[1]);
  CHECK(rng.words() != untouched.words());
}

TEST_CASE("dice: a forced face out of range is an error naming the die", "[kernel][dice]") {
  Rng rng(1);
  ForcedDice forced;
  std::vector<int> faces;
  forced.push(7);
  auto r = roll_dice(spec_of("d6"), rng, forced, faces);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().message == "forced die 7 is out of range for d6 (1-6)");
  CHECK(forced.size() == 1);  // not consumed

  forced.clear();
  forced.push(10);
  r = roll_dice(spec_of("d10"), rng, forced, faces);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().message == "forced die 10 is out of range for d10 (0-9)");

  forced.clear();
  forced.push(0);
  r = roll_dice(spec_of("2d6"), rng, forced, faces);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().message == "forced die 0 is out of range for d6 (1-6)");
}

TEST_CASE("dice: Rng::below stays in range and is close to uniform", "[kernel][dice]") {
  Rng rng(2024);
  for (uint64_t n : {1ULL, 2ULL, 3ULL, 7ULL, 1000ULL, (1ULL << 63) + 1}) {
    for (int i = 0; i < 1000; ++i) REQUIRE(rng.below(n) < n);
  }
  // Chi-square over 60000 draws of 6 and 10 cells: the 99.99th percentile is
  // about 25.7 (5 degrees of freedom) and 33.7 (9); the bound is looser still.
  for (uint64_t cells : {6ULL, 10ULL}) {
    std::vector<int> counts(cells, 0);
    const int draws = 60000;
    for (int i = 0; i < draws; ++i) ++counts[rng.below(cells)];
    const double expected = static_cast<double>(draws) / static_cast<double>(cells);
    double chi2 = 0;
    for (int c : counts) chi2 += (c - expected) * (c - expected) / expected;
    INFO("cells " << cells << ", chi-square " << chi2);
    CHECK(chi2 < 40.0);
  }
  // unit() is in [0, 1).
  for (int i = 0; i < 1000; ++i) {
    const double u = rng.unit();
    REQUIRE(u >= 0.0);
    REQUIRE(u < 1.0);
  }
}

TEST_CASE("dice: derived seeds are distinct and give unrelated generators", "[kernel][dice]") {
  std::set<uint64_t> seeds;
  for (uint64_t base : {0ULL, 1ULL, 12345ULL})
    for (uint64_t i = 0; i < 1000; ++i) seeds.insert(derive_seed(base, i));
  CHECK(seeds.size() == 3000);
  CHECK(derive_seed(7, 3) == derive_seed(7, 3));
  // Neighbouring games' first draws agree no more often than chance.
  int same = 0;
  for (uint64_t i = 0; i < 1000; ++i) {
    Rng a(derive_seed(1, i)), b(derive_seed(1, i + 1));
    same += a.below(6) == b.below(6);
  }
  CHECK(same > 100);  // chance: about 167
  CHECK(same < 240);
}

TEST_CASE("dice: a face list reads numbers separated by commas", "[kernel][dice]") {
  auto r = parse_face_list("6,1,4");
  REQUIRE(r.ok());
  CHECK(*r == std::vector<int>{6, 1, 4});
  r = parse_face_list(" 3 , 0,12 ");
  REQUIRE(r.ok());
  CHECK(*r == std::vector<int>{3, 0, 12});
  r = parse_face_list("5");
  REQUIRE(r.ok());
  CHECK(*r == std::vector<int>{5});
  for (const char* bad : {"", "6,", ",6", "6,,1", "six", "6;1", "1.5"}) {
    INFO("list '" << bad << "'");
    auto b = parse_face_list(bad);
    REQUIRE_FALSE(b.ok());
    CHECK(b.error().message ==
          "bad dice list '" + std::string(bad) + "': expected numbers separated by commas, such as 6,1,4");
  }
}
