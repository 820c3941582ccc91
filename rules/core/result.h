#pragma once
// Error values for the rules library. Rules code never throws for bad user input:
// every fallible call returns a Result<T> or an optional RuleError.

#include <cassert>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace rules {

// Stable codes: the service and the CLI expose them verbatim, so never rename one.
enum class ErrorCode {
  kBadNotation,  // the text is not a move of this game
  kIllegalMove,  // well-formed, but breaks a rule in this position
  kGameOver,     // the game has ended; no move is accepted
  kBadPosition,  // a serialized position that cannot be loaded
  kBadOptions,   // a player count or option the game does not offer
};

std::string_view to_string(ErrorCode code);

struct RuleError {
  ErrorCode code;
  // Names the rule that is broken, in the game's own terms ("fence overlaps Fe5E+").
  std::string message;

  bool operator==(const RuleError&) const = default;
};

inline RuleError bad_notation(std::string message) {
  return {ErrorCode::kBadNotation, std::move(message)};
}
inline RuleError illegal(std::string message) {
  return {ErrorCode::kIllegalMove, std::move(message)};
}

// A value or a RuleError. Small on purpose: std::expected is C++23.
template <class T>
class Result {
 public:
  Result(T value) : data_(std::move(value)) {}          // NOLINT: implicit by design
  Result(RuleError error) : data_(std::move(error)) {}  // NOLINT: implicit by design

  bool ok() const { return data_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & {
    assert(ok());
    return std::get<0>(data_);
  }
  const T& value() const& {
    assert(ok());
    return std::get<0>(data_);
  }
  T&& value() && {
    assert(ok());
    return std::get<0>(std::move(data_));
  }
  const RuleError& error() const {
    assert(!ok());
    return std::get<1>(data_);
  }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

 private:
  std::variant<T, RuleError> data_;
};

}  // namespace rules
