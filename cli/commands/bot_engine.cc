#include "cli/commands/bot_engine.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>

namespace cli {

namespace {

class RandomEngine : public Engine {
 public:
  explicit RandomEngine(std::uint64_t seed) : rng_(seed) {}
  std::string choose(const TurnRequest& request) override {
    std::uniform_int_distribution<std::size_t> pick(0, request.legal_moves.size() - 1);
    return request.legal_moves[pick(rng_)];
  }

 private:
  std::mt19937_64 rng_;
};

// The child process: `sh -c command` with pipes on stdin and stdout.
class Child {
 public:
  explicit Child(const std::string& command) {
    int to_child[2], from_child[2];
    if (::pipe(to_child) != 0 || ::pipe(from_child) != 0) return;
    pid_ = ::fork();
    if (pid_ == 0) {
      ::dup2(to_child[0], 0);
      ::dup2(from_child[1], 1);
      ::close(to_child[1]);
      ::close(from_child[0]);
      ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    ::close(to_child[0]);
    ::close(from_child[1]);
    in_ = ::fdopen(to_child[1], "w");
    out_ = ::fdopen(from_child[0], "r");
  }
  ~Child() {
    if (in_) std::fclose(in_);
    if (out_) std::fclose(out_);
    if (pid_ > 0) {
      ::kill(pid_, SIGTERM);
      ::waitpid(pid_, nullptr, 0);
    }
  }
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;

  bool send(const std::string& text) {
    return in_ && std::fputs(text.c_str(), in_) >= 0 && std::fflush(in_) == 0;
  }
  bool read_line(std::string& line) {
    line.clear();
    if (!out_) return false;
    for (int c; (c = std::fgetc(out_)) != EOF;) {
      if (c == '\n') return true;
      line += static_cast<char>(c);
    }
    return false;
  }

 private:
  pid_t pid_ = -1;
  FILE* in_ = nullptr;
  FILE* out_ = nullptr;
};

std::string request_text(const TurnRequest& r) {
  std::string text = "game " + r.game_id + " " + r.game + " seat " + std::to_string(r.seat) +
                     " ply " + std::to_string(r.ply) + "\nposition " + r.position + "\ntime " +
                     r.time_left + "\nlegal " + std::to_string(r.legal_moves.size()) + "\n";
  for (const auto& m : r.legal_moves) text += m + "\n";
  return text + "go\n";
}

class CommandEngine : public Engine {
 public:
  CommandEngine(std::string command, std::uint64_t seed)
      : command_(std::move(command)), fallback_(seed) {
    ::signal(SIGPIPE, SIG_IGN);  // a dead engine must not kill the bot
  }
  std::string choose(const TurnRequest& request) override {
    if (!child_) child_ = std::make_unique<Child>(command_);
    std::string line;
    if (child_->send(request_text(request)) && child_->read_line(line) &&
        line.rfind("move ", 0) == 0) {
      return line.substr(5);
    }
    std::cerr << "hexpost bot: the engine gave no move (" << line << "); playing a random one\n";
    child_.reset();
    return fallback_.choose(request);
  }

 private:
  std::string command_;
  std::unique_ptr<Child> child_;
  RandomEngine fallback_;
};

}  // namespace

std::unique_ptr<Engine> random_engine(std::uint64_t seed) {
  return std::make_unique<RandomEngine>(seed);
}

std::unique_ptr<Engine> command_engine(const std::string& command, std::uint64_t seed) {
  return std::make_unique<CommandEngine>(command, seed);
}

}  // namespace cli
