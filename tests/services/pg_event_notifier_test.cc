// EventNotifier against a real PostgreSQL (label "db"): every posted id arrives as a NOTIFY
// payload on hexpost_events, in order, including what was still queued at destruction.

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <pqxx/pqxx>
#include <string>
#include <vector>

#include "services/storage/event_notifier.h"
#include "tests/services/pg_support.h"

namespace {

using Clock = std::chrono::steady_clock;

class Payloads : public pqxx::notification_receiver {
 public:
  explicit Payloads(pqxx::connection_base& c) : pqxx::notification_receiver(c, "hexpost_events") {}
  void operator()(const std::string& payload, int) override { seen.push_back(payload); }
  std::vector<std::string> seen;
};

// Waits up to 5 s for `count` notifications.
void await_count(pqxx::connection& c, Payloads& payloads, std::size_t count) {
  const auto until = Clock::now() + std::chrono::seconds(5);
  while (payloads.seen.size() < count && Clock::now() < until) c.await_notification(0, 100000);
}

std::vector<std::string> numbered(int from, int to) {
  std::vector<std::string> ids;
  for (int i = from; i <= to; ++i) ids.push_back(std::to_string(i));
  return ids;
}

class PgEventNotifier : public testpg::ScratchDatabaseTest {};

TEST_F(PgEventNotifier, SendsEveryPostedIdInOrder) {
  pqxx::connection listener(db_->url());
  Payloads payloads(listener);
  storage::EventNotifier notifier(db_->url());
  const std::vector<std::string> ids = numbered(1, 500);
  for (const std::string& id : ids) notifier.post(id);
  await_count(listener, payloads, ids.size());
  EXPECT_EQ(payloads.seen, ids);
}

TEST_F(PgEventNotifier, DestructionSendsWhatIsStillQueued) {
  pqxx::connection listener(db_->url());
  Payloads payloads(listener);
  {
    storage::EventNotifier notifier(db_->url());
    for (const std::string& id : numbered(7, 56)) notifier.post(id);
  }
  await_count(listener, payloads, 50);
  EXPECT_EQ(payloads.seen, numbered(7, 56));
}

TEST_F(PgEventNotifier, AnUnreachableDatabaseNeitherBlocksPostsNorDestruction) {
  const auto start = Clock::now();
  {
    storage::EventNotifier notifier("postgresql://nobody@127.0.0.1:1/none?connect_timeout=1");
    for (const std::string& id : numbered(1, 1000)) notifier.post(id);
  }
  EXPECT_LT(Clock::now() - start, std::chrono::seconds(3));
}

}  // namespace
