// lib/metrics: the exact text of the Prometheus exposition format 0.0.4 for each kind of metric,
// label escaping, collectors (merged, kept while subscribed, partial on failure).
#include "lib/metrics/metrics.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace {

TEST(Metrics, CountersAndGaugesWithLabelsAreExposedExactly) {
  metrics::Registry registry;
  auto& requests = registry.counter("t_requests_total", "Requests.", {"route", "status"});
  requests.with({"/a", "2xx"}).inc();
  requests.with({"/a", "2xx"}).inc(2);
  requests.with({"/b \"q\"\\", "5xx"}).inc();
  registry.gauge("t_temperature", "Line one\nline two.").with().set(-1.5);
  EXPECT_EQ(registry.expose(),
            "# HELP t_requests_total Requests.\n"
            "# TYPE t_requests_total counter\n"
            "t_requests_total{route=\"/a\",status=\"2xx\"} 3\n"
            "t_requests_total{route=\"/b \\\"q\\\"\\\\\",status=\"5xx\"} 1\n"
            "# HELP t_temperature Line one\\nline two.\n"
            "# TYPE t_temperature gauge\n"
            "t_temperature -1.5\n");
}

TEST(Metrics, HistogramBucketsAreCumulativeWithSumAndCount) {
  metrics::Registry registry;
  auto& latency = registry.histogram("t_seconds", "Latency.", {"route"}, {0.1, 1});
  for (double v : {0.05, 0.1, 0.5, 3.0}) latency.with({"/a"}).observe(v);
  EXPECT_EQ(registry.expose(),
            "# HELP t_seconds Latency.\n"
            "# TYPE t_seconds histogram\n"
            "t_seconds_bucket{route=\"/a\",le=\"0.1\"} 2\n"
            "t_seconds_bucket{route=\"/a\",le=\"1\"} 3\n"
            "t_seconds_bucket{route=\"/a\",le=\"+Inf\"} 4\n"
            "t_seconds_sum{route=\"/a\"} 3.65\n"
            "t_seconds_count{route=\"/a\"} 4\n");
}

TEST(Metrics, CollectorsAreMergedKeptWhileSubscribedAndPartialOnFailure) {
  metrics::Registry registry;
  const auto add = [](double value, bool fail) {
    return [value, fail](std::vector<metrics::Collected>& out) {
      out.push_back({"t_pool", "Pool.", {"db"}, {{{"main"}, value}}});
      if (fail) throw std::runtime_error("database down");
      out.push_back({"t_games", "Games.", {}, {{{}, value}}});
    };
  };
  auto first = registry.add_collector(add(2, false));
  {
    auto second = registry.add_collector(add(3, true));
    EXPECT_EQ(registry.expose(),
              "# HELP t_games Games.\n# TYPE t_games gauge\nt_games 2\n"
              "# HELP t_pool Pool.\n# TYPE t_pool gauge\nt_pool{db=\"main\"} 5\n");
  }
  EXPECT_EQ(registry.expose(),
            "# HELP t_games Games.\n# TYPE t_games gauge\nt_games 2\n"
            "# HELP t_pool Pool.\n# TYPE t_pool gauge\nt_pool{db=\"main\"} 2\n");
}

TEST(Metrics, AFamilyKeepsItsLabels) {
  metrics::Registry registry;
  registry.counter("t_total", "T.", {"a"});
  EXPECT_EQ(&registry.counter("t_total", "T.", {"a"}), &registry.counter("t_total", "T.", {"a"}));
  EXPECT_THROW(registry.counter("t_total", "T.", {"b"}), std::logic_error);
}

}  // namespace
