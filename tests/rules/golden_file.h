#pragma once
// Compares a rendering with its checked-in golden file under HEXPOST_GOLDEN_DIR. With
// HEXPOST_UPDATE_GOLDEN set (ops/regen-goldens), rewrites the file instead and skips the test,
// so that a changed golden is always a reviewed diff.

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace rules::testing {

inline void compare_with_golden(const std::string& name, const std::string& actual) {
  const std::string path = std::string(HEXPOST_GOLDEN_DIR) + "/" + name;
  if (std::getenv("HEXPOST_UPDATE_GOLDEN")) {
    std::ofstream(path) << actual;
    GTEST_SKIP() << "rewrote " << path;
  }
  std::ifstream file(path);
  ASSERT_TRUE(file.good()) << "missing " << path << ": run ops/regen-goldens";
  std::stringstream expected;
  expected << file.rdbuf();
  EXPECT_EQ(expected.str(), actual) << name;
}

}  // namespace rules::testing
