#pragma once
// Injected randomness. Rules code draws only through a RandomSource handed to it, never from a
// global generator, and every draw is recorded, so a game replays exactly from its seed (or its
// recorded draws) and its moves.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rules {

struct Draw {
  std::string purpose;  // a fixed label such as "war-attacker" or "first-player"
  std::uint32_t bound;  // the draw was uniform in [0, bound)
  std::uint32_t value;

  bool operator==(const Draw&) const = default;
};

class RandomSource {
 public:
  virtual ~RandomSource() = default;

  // A uniform integer in [0, bound); bound must be at least 1. The draw is recorded.
  std::uint32_t draw(std::string_view purpose, std::uint32_t bound);

  // Every draw since construction or the last take_draws(), in order.
  const std::vector<Draw>& draws() const { return draws_; }
  std::vector<Draw> take_draws();

 protected:
  virtual std::uint32_t next(std::string_view purpose, std::uint32_t bound) = 0;

 private:
  std::vector<Draw> draws_;
};

// Deterministic on every platform (splitmix64 with rejection sampling): the offline CLI's
// --seed and the tests use it. Not for the service, whose draws follow the fairness scheme.
class SeededRandom final : public RandomSource {
 public:
  explicit SeededRandom(std::uint64_t seed) : state_(seed) {}

 protected:
  std::uint32_t next(std::string_view purpose, std::uint32_t bound) override;

 private:
  std::uint64_t next64();
  std::uint64_t state_;
};

// Answers with previously recorded draws, in order. A draw whose purpose or bound differs from
// the record, or one past its end, is a mismatch: mismatch() turns true, so a replay can report
// "the record does not match the game" instead of silently diverging. Mismatched draws answer
// 0, 1, 2, ... (modulo the bound), never one value for ever: rules that draw until two values
// differ (war dice) still end when a record is short or tampered with.
class ReplayRandom final : public RandomSource {
 public:
  explicit ReplayRandom(std::vector<Draw> recorded) : recorded_(std::move(recorded)) {}
  bool mismatch() const { return mismatch_; }
  bool exhausted() const { return position_ == recorded_.size(); }

 protected:
  std::uint32_t next(std::string_view purpose, std::uint32_t bound) override;

 private:
  std::vector<Draw> recorded_;
  std::size_t position_ = 0;
  bool mismatch_ = false;
  std::uint32_t unmatched_ = 0;  // mismatched draws answered so far
};

// For games and moves that must not draw: any draw is a mismatch, answered as in
// ReplayRandom({}).
class NoRandom final : public RandomSource {
 public:
  bool used() const { return unmatched_ > 0; }

 protected:
  std::uint32_t next(std::string_view, std::uint32_t bound) override {
    return unmatched_++ % bound;
  }

 private:
  std::uint32_t unmatched_ = 0;
};

// Text form of a draw list, used in records and the CLI: "purpose:value/bound" joined by spaces.
std::string format_draws(const std::vector<Draw>& draws);
// Inverse of format_draws; nullopt-like empty vector plus false on malformed text.
bool parse_draws(std::string_view text, std::vector<Draw>& out);

}  // namespace rules
