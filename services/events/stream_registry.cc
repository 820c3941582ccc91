#include "services/events/stream_registry.h"

#include <chrono>
#include <random>
#include <sstream>

namespace events {

namespace {

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Distinguishes instances in stream keys (two processes may count from the same number).
std::uint64_t instance_nonce() {
  static const std::uint64_t nonce =
      std::random_device{}() * 4294967296ULL + std::random_device{}();
  return nonce;
}

}  // namespace

StreamRegistry::StreamRegistry(std::size_t max_streams, std::size_t max_per_owner,
                               std::function<void()> wake)
    : max_(max_streams), max_per_owner_(max_per_owner), wake_(std::move(wake)) {}

// Under mutex_. The token's older event streams, about to be replaced, do not count against it.
OpenRefusal StreamRegistry::refusal_for(std::int64_t owner, std::int64_t token_id,
                                        bool replace) const {
  std::size_t replaced = 0;
  auto [first, last] = by_token_.equal_range(token_id);
  for (auto it = first; token_id != 0 && it != last; ++it) {
    if (it->second->closed) continue;
    if (!replace) return OpenRefusal::kHeld;
    if (it->second->counted && it->second->owner == owner) ++replaced;
  }
  if (open_ >= max_) return OpenRefusal::kFull;
  const auto held = per_owner_.find(owner);
  const std::size_t owned = held == per_owner_.end() ? 0 : held->second;
  if (owner != 0 && owned - replaced >= max_per_owner_) return OpenRefusal::kOwnerFull;
  return OpenRefusal::kNone;
}

Opened StreamRegistry::open(std::int64_t owner, std::int64_t token_id, bool replace) {
  auto ticket = std::shared_ptr<Ticket>(new Ticket, [this](Ticket* t) {
    release(t);
    delete t;
  });
  ticket->token_id = token_id;
  ticket->owner = owner;
  ticket->opened_ns = now_ns();
  ticket->key = std::to_string(instance_nonce()) + "-" + std::to_string(++counter_);
  bool closed_any = false;
  {
    std::lock_guard lock(mutex_);
    if (const OpenRefusal refusal = refusal_for(owner, token_id, replace);
        refusal != OpenRefusal::kNone) {
      ticket->token_id = -1;  // never registered: release() must not count it
      return {nullptr, refusal};
    }
    ++open_;
    if (owner != 0) {
      ++per_owner_[owner];
      ticket->counted = true;
    }
    if (token_id != 0) by_token_.emplace(token_id, ticket.get());
    if (token_id != 0 && replace) {
      closed_any = close_older_locked(token_id, ticket->opened_ns, ticket->key);
    }
  }
  if (closed_any && wake_) wake_();
  return {ticket, OpenRefusal::kNone};
}

void StreamRegistry::uncount(Ticket& ticket) {
  if (!ticket.counted) return;
  ticket.counted = false;
  if (auto held = per_owner_.find(ticket.owner); held != per_owner_.end() && --held->second == 0) {
    per_owner_.erase(held);
  }
}

void StreamRegistry::release(Ticket* ticket) {
  if (ticket->token_id < 0) return;
  std::lock_guard lock(mutex_);
  --open_;
  uncount(*ticket);
  auto [first, last] = by_token_.equal_range(ticket->token_id);
  for (auto it = first; it != last; ++it) {
    if (it->second == ticket) {
      by_token_.erase(it);
      break;
    }
  }
}

std::string StreamRegistry::announcement(const Ticket& ticket) {
  return std::to_string(ticket.token_id) + " " + std::to_string(ticket.opened_ns) + " " +
         ticket.key;
}

void StreamRegistry::control(const std::string& payload) {
  std::istringstream in(payload);
  std::int64_t token_id = 0, opened_ns = 0;
  std::string key;
  if (in >> token_id >> opened_ns >> key && token_id > 0) close_older(token_id, opened_ns, key);
}

void StreamRegistry::close_older(std::int64_t token_id, std::int64_t opened_ns,
                                 const std::string& key) {
  bool closed_any;
  {
    std::lock_guard lock(mutex_);
    closed_any = close_older_locked(token_id, opened_ns, key);
  }
  if (closed_any && wake_) wake_();
}

bool StreamRegistry::close_older_locked(std::int64_t token_id, std::int64_t opened_ns,
                                        const std::string& key) {
  bool closed_any = false;
  auto [first, last] = by_token_.equal_range(token_id);
  for (auto it = first; it != last; ++it) {
    Ticket& t = *it->second;
    if (t.key == key || t.opened_ns > opened_ns || t.closed) continue;
    t.closed = true;
    uncount(t);  // replaced: its worker ends within a heartbeat, its slot is no longer the owner's
    closed_any = true;
  }
  return closed_any;
}

std::size_t StreamRegistry::open_count() const {
  std::lock_guard lock(mutex_);
  return open_;
}

}  // namespace events
