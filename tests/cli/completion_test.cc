// The bash completion script (cli/completion/hexpost.bash), run by a real bash with the real
// hexpost on PATH (the game names come from `hexpost rules list --json`, offline).
#include <gtest/gtest.h>

#include <filesystem>

#include "subprocess.h"

namespace {

// The completions bash offers for the words of `line` (the last word is being completed).
std::string complete(const std::string& line) {
  const std::string script = std::string("source '") + HEXPOST_COMPLETION_SCRIPT +
                             "'\n"
                             "COMP_WORDS=(" +
                             line +
                             ")\n"
                             "[[ '" +
                             line +
                             "' == *' ' ]] && COMP_WORDS+=('')\n"
                             "COMP_CWORD=$((${#COMP_WORDS[@]} - 1))\n"
                             "_hexpost\n"
                             "printf '%s\\n' \"${COMPREPLY[@]}\"\n";
  const std::string path =
      std::filesystem::path(HEXPOST_CLI_PATH).parent_path().string() + ":/usr/bin:/bin";
  const auto r =
      testsupport::run({"/bin/bash", "--norc", "--noprofile", "-c", script}, "", {{"PATH", path}});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return r.out;
}

TEST(Completion, CommandsOptionsAndGameNames) {
  EXPECT_EQ(complete("hexpost mo"), "move\n");
  EXPECT_EQ(complete("hexpost dr"), "draw\n");
  EXPECT_EQ(complete("hexpost sa"), "say\n");
  EXPECT_EQ(complete("hexpost messa"), "message\nmessages\n");
  EXPECT_EQ(complete("hexpost draw o"), "offer\n");
  EXPECT_EQ(complete("hexpost show 12 --a"), "--ascii\n");
  EXPECT_EQ(complete("hexpost move 12 a1 --d"), "--dry-run\n");
  EXPECT_EQ(complete("hexpost challenge bob --game hex-q"), "hex-quoridor\n");
  EXPECT_EQ(complete("hexpost help "), "exit-codes\n");
  EXPECT_EQ(complete("hexpost bot r"), "run\n");
  EXPECT_EQ(complete("hexpost bot run --accept b"), "bots\n");
  EXPECT_EQ(complete("hexpost accept-"), "accept-seat\n");
  EXPECT_EQ(complete("hexpost leave 12 --r"), "--replacement\n");
  EXPECT_EQ(complete("hexpost vote 12 y"), "yes\n");
}

}  // namespace
