#include "services/events/stream_registry.h"

#include <algorithm>
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

StreamRegistry::StreamRegistry(std::size_t max_streams, std::function<void()> wake)
    : max_(max_streams), wake_(std::move(wake)) {}

std::shared_ptr<Ticket> StreamRegistry::open(std::int64_t token_id) {
  bool held = false;
  return open_slot(token_id, true, held);
}

std::shared_ptr<Ticket> StreamRegistry::open_unless_held(std::int64_t token_id, bool& held) {
  return open_slot(token_id, false, held);
}

std::shared_ptr<Ticket> StreamRegistry::open_slot(std::int64_t token_id, bool replace, bool& held) {
  auto ticket = std::shared_ptr<Ticket>(new Ticket, [this](Ticket* t) {
    release(t);
    delete t;
  });
  ticket->token_id = token_id;
  ticket->opened_ns = now_ns();
  ticket->key = std::to_string(instance_nonce()) + "-" + std::to_string(++counter_);
  held = false;
  {
    std::lock_guard lock(mutex_);
    if (!replace && token_id != 0) {
      auto [first, last] = by_token_.equal_range(token_id);
      held = std::any_of(first, last, [](const auto& entry) { return !entry.second->closed; });
    }
    if (held || open_ >= max_) {
      ticket->token_id = -1;  // never registered: release() must not count it
      return nullptr;
    }
    ++open_;
    if (token_id != 0) by_token_.emplace(token_id, ticket.get());
  }
  if (token_id != 0 && replace) close_older(token_id, ticket->opened_ns, ticket->key);
  return ticket;
}

void StreamRegistry::release(Ticket* ticket) {
  if (ticket->token_id < 0) return;
  std::lock_guard lock(mutex_);
  --open_;
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
  bool closed_any = false;
  {
    std::lock_guard lock(mutex_);
    auto [first, last] = by_token_.equal_range(token_id);
    for (auto it = first; it != last; ++it) {
      Ticket& t = *it->second;
      if (t.key == key || t.opened_ns > opened_ns || t.closed) continue;
      t.closed = true;
      closed_any = true;
    }
  }
  if (closed_any && wake_) wake_();
}

std::size_t StreamRegistry::open_count() const {
  std::lock_guard lock(mutex_);
  return open_;
}

}  // namespace events
