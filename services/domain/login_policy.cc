#include "services/domain/login_policy.h"

#include <algorithm>

namespace domain {

std::chrono::milliseconds login_backoff(const LoginPolicy& policy, int failures) {
  if (failures < policy.free_failures) return std::chrono::milliseconds(0);
  const auto cap = std::chrono::duration_cast<std::chrono::milliseconds>(policy.backoff_max);
  // Doubling stops at the cap: 2^62 would overflow long before any cap is reached.
  std::chrono::milliseconds wait = policy.backoff_base;
  for (int i = policy.free_failures; i < failures && wait < cap; ++i) wait *= 2;
  return std::min(wait, cap);
}

}  // namespace domain
