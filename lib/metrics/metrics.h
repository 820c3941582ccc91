#pragma once
// metrics: counters, gauges and histograms, exposed in the Prometheus text format (0.0.4).
//
// Debian 12 packages no Prometheus client library for C++, so this is the small part of one the
// service needs. Instruments are cheap to update from any thread (atomics, no lock); a family
// finds its labelled child under a mutex, so hot paths keep the reference they get (or the
// family caches children by label values, which are few: routes, statuses, reasons). Values
// that live elsewhere (pool sizes, open streams, table counts) are read at scrape time by
// collectors.
//
//   auto& requests = metrics::global().counter("hexpost_http_requests_total", "...",
//                                              {"route", "method", "status"});
//   requests.with({"/v1/games/{}/moves", "POST", "2xx"}).inc();
//   metrics::global().expose();  // the text of GET /metrics

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace metrics {

using Labels = std::vector<std::string>;  // values, in the order of the family's label names

class Counter {
 public:
  void inc(std::uint64_t by = 1) { value_.fetch_add(by, std::memory_order_relaxed); }
  std::uint64_t value() const { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<std::uint64_t> value_{0};
};

class Gauge {
 public:
  void set(double value) { value_.store(value, std::memory_order_relaxed); }
  void add(double by) { value_.fetch_add(by, std::memory_order_relaxed); }
  double value() const { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<double> value_{0};
};

// Cumulative buckets with the upper bounds given (ascending; +Inf is implied).
class Histogram {
 public:
  explicit Histogram(std::vector<double> bounds);
  void observe(double value);
  const std::vector<double>& bounds() const { return bounds_; }
  std::vector<std::uint64_t> counts() const;  // per bucket (not cumulative), then +Inf
  double sum() const { return sum_.load(std::memory_order_relaxed); }

 private:
  std::vector<double> bounds_;
  std::unique_ptr<std::atomic<std::uint64_t>[]> counts_;
  std::atomic<double> sum_{0};
};

// Bounds for latencies in seconds (1 ms to 10 s) and for sizes (1 to 256).
std::vector<double> latency_bounds();
std::vector<double> size_bounds();

template <typename Metric>
class Family {
 public:
  Family(std::string name, std::string help, std::vector<std::string> label_names,
         std::function<std::unique_ptr<Metric>()> make)
      : name_(std::move(name)),
        help_(std::move(help)),
        label_names_(std::move(label_names)),
        make_(std::move(make)) {}
  // The child with these label values (made on first use; the reference stays valid).
  Metric& with(const Labels& values = {}) {
    std::lock_guard lock(mutex_);
    auto& child = children_[values];
    if (!child) child = make_();
    return *child;
  }
  template <typename Visit>
  void each(Visit visit) const {
    std::lock_guard lock(mutex_);
    for (const auto& [labels, metric] : children_) visit(labels, *metric);
  }
  const std::string& name() const { return name_; }
  const std::string& help() const { return help_; }
  const std::vector<std::string>& label_names() const { return label_names_; }

 private:
  std::string name_, help_;
  std::vector<std::string> label_names_;
  std::function<std::unique_ptr<Metric>()> make_;
  mutable std::mutex mutex_;
  std::map<Labels, std::unique_ptr<Metric>> children_;
};

// What a collector reports at scrape time: gauges with their current values.
struct Sample {
  Labels labels;
  double value = 0;
};
struct Collected {
  std::string name, help;
  std::vector<std::string> label_names;
  std::vector<Sample> samples;
};

class Registry;

// Keeps a collector registered while it lives; its destructor waits for a scrape in progress,
// so a collector never outlives what it reads.
class Subscription {
 public:
  Subscription(Registry* registry, std::uint64_t id) : registry_(registry), id_(id) {}
  Subscription(const Subscription&) = delete;
  Subscription& operator=(const Subscription&) = delete;
  ~Subscription();

 private:
  Registry* registry_;
  std::uint64_t id_;
};

class Registry {
 public:
  // The same name returns the same family (its help and labels must agree).
  Family<Counter>& counter(const std::string& name, const std::string& help,
                           std::vector<std::string> label_names = {});
  Family<Gauge>& gauge(const std::string& name, const std::string& help,
                       std::vector<std::string> label_names = {});
  Family<Histogram>& histogram(const std::string& name, const std::string& help,
                               std::vector<std::string> label_names, std::vector<double> bounds);
  // Runs at every expose() while the subscription lives. What a collector that throws added
  // before it threw is kept for that scrape. Samples of the same name and labels from several
  // collectors are added up.
  [[nodiscard]] std::unique_ptr<Subscription> add_collector(
      std::function<void(std::vector<Collected>&)> collect);

  std::string expose();

 private:
  friend class Subscription;
  void remove_collector(std::uint64_t id);

  std::mutex mutex_;
  std::map<std::string, std::unique_ptr<Family<Counter>>> counters_;
  std::map<std::string, std::unique_ptr<Family<Gauge>>> gauges_;
  std::map<std::string, std::unique_ptr<Family<Histogram>>> histograms_;
  std::mutex collectors_mutex_;  // held while collectors run (a scrape), not by updates
  std::uint64_t next_collector_ = 1;
  std::map<std::uint64_t, std::function<void(std::vector<Collected>&)>> collectors_;
};

// The process's registry.
Registry& global();

}  // namespace metrics
