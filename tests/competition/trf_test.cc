// FIDE TRF16 export columns.
#include <gtest/gtest.h>

#include <sstream>

#include "lib/competition/pairing.h"
#include "lib/competition/trf.h"

namespace competition {
namespace {

TEST(Trf, FixedColumns) {
  TrfTournament t{"Autumn Swiss",
                  "2026/11/01",
                  "2026/11/20",
                  2,
                  {{"ann", 1800}, {"bob", 0}, {"cyd", 1650}},
                  {{1, 0, 1, 1.0}, {1, 2, kBye, 1.0}, {2, 2, 0, 0.5}, {2, 1, kBye, 1.0}}};
  std::istringstream in(trf_export(t));
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  ASSERT_EQ(lines.size(), 9u);
  EXPECT_EQ(lines[0], "012 Autumn Swiss");
  EXPECT_EQ(lines[3], "062 3");
  EXPECT_EQ(lines[5], "XXR 2");
  const std::string& ann = lines[6];
  EXPECT_EQ(ann.substr(0, 8), "001    1");
  EXPECT_EQ(ann.substr(14, 33), "ann" + std::string(30, ' '));
  EXPECT_EQ(ann.substr(48, 4), "1800");
  EXPECT_EQ(ann.substr(80, 4), " 1.5");
  EXPECT_EQ(ann.substr(85, 4), "   1");
  EXPECT_EQ(ann.substr(89), "     2 w 1     3 b =");
  const std::string& bob = lines[7];
  EXPECT_EQ(bob.substr(48, 4), "    ");
  EXPECT_EQ(bob.substr(80, 9), " 1.0    3");
  EXPECT_EQ(bob.substr(89), "     1 b 0  0000 - U");
  EXPECT_EQ(lines[8].substr(89), "  0000 - U     1 w =");
}

}  // namespace
}  // namespace competition
