#include "lib/metrics/metrics.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>

namespace metrics {
namespace {

// Label values escape backslash, double quote and line feed; help text backslash and line feed.
std::string escaped(const std::string& text, bool quotes) {
  std::string out;
  for (char c : text) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '"' && quotes) {
      out += "\\\"";
    } else {
      out += c;
    }
  }
  return out;
}

std::string number(double value) {
  if (std::isinf(value)) return value > 0 ? "+Inf" : "-Inf";
  if (std::isnan(value)) return "NaN";
  char text[32];
  const auto written = std::to_chars(text, text + sizeof text, value);  // shortest round trip
  return std::string(text, written.ptr);
}

// {a="1",b="2"} (empty without labels); `extra` is appended as one more pair (le="...").
std::string label_text(const std::vector<std::string>& names, const Labels& values,
                       const std::string& extra = "") {
  std::string out;
  for (std::size_t i = 0; i < names.size() && i < values.size(); ++i) {
    out += (out.empty() ? "" : ",") + names[i] + "=\"" + escaped(values[i], true) + "\"";
  }
  if (!extra.empty()) out += (out.empty() ? "" : ",") + extra;
  return out.empty() ? out : "{" + out + "}";
}

void header(std::string& out, const std::string& name, const std::string& help, const char* type) {
  out += "# HELP " + name + " " + escaped(help, false) + "\n";
  out += "# TYPE " + name + " " + type + "\n";
}

// The family `name` of `families`, made on first use with `make` making its children.
template <typename Metric>
Family<Metric>& find_or_add(std::map<std::string, std::unique_ptr<Family<Metric>>>& families,
                            const std::string& name, const std::string& help,
                            const std::vector<std::string>& label_names,
                            std::function<std::unique_ptr<Metric>()> make) {
  auto& family = families[name];
  if (!family) family = std::make_unique<Family<Metric>>(name, help, label_names, std::move(make));
  if (family->label_names() != label_names) {
    throw std::logic_error("metric " + name + " registered with other labels");
  }
  return *family;
}

void expose_histogram(std::string& out, const Family<Histogram>& family) {
  header(out, family.name(), family.help(), "histogram");
  family.each([&](const Labels& labels, const Histogram& h) {
    const std::vector<std::uint64_t> counts = h.counts();
    std::uint64_t cumulative = 0;
    for (std::size_t i = 0; i <= h.bounds().size(); ++i) {
      cumulative += counts[i];
      const std::string le = i < h.bounds().size() ? number(h.bounds()[i]) : "+Inf";
      out += family.name() + "_bucket" +
             label_text(family.label_names(), labels, "le=\"" + le + "\"") + " " +
             std::to_string(cumulative) + "\n";
    }
    const std::string plain = label_text(family.label_names(), labels);
    out += family.name() + "_sum" + plain + " " + number(h.sum()) + "\n";
    out += family.name() + "_count" + plain + " " + std::to_string(cumulative) + "\n";
  });
}

// Collected gauges by name, with the samples of equal labels added up.
void expose_collected(std::string& out, std::vector<Collected> collected) {
  std::map<std::string, Collected> merged;
  for (Collected& c : collected) {
    Collected& into = merged[c.name];
    if (into.name.empty()) {
      into.name = c.name;
      into.help = c.help;
      into.label_names = c.label_names;
    }
    for (Sample& sample : c.samples) {
      auto same = std::find_if(into.samples.begin(), into.samples.end(),
                               [&](const Sample& s) { return s.labels == sample.labels; });
      if (same == into.samples.end()) {
        into.samples.push_back(std::move(sample));
      } else {
        same->value += sample.value;
      }
    }
  }
  for (const auto& [name, c] : merged) {
    header(out, name, c.help, "gauge");
    for (const Sample& s : c.samples) {
      out += name + label_text(c.label_names, s.labels) + " " + number(s.value) + "\n";
    }
  }
}

}  // namespace

Histogram::Histogram(std::vector<double> bounds)
    : bounds_(std::move(bounds)),
      counts_(std::make_unique<std::atomic<std::uint64_t>[]>(bounds_.size() + 1)) {}

void Histogram::observe(double value) {
  const auto bucket = static_cast<std::size_t>(
      std::lower_bound(bounds_.begin(), bounds_.end(), value) - bounds_.begin());
  counts_[bucket].fetch_add(1, std::memory_order_relaxed);
  sum_.fetch_add(value, std::memory_order_relaxed);
}

std::vector<std::uint64_t> Histogram::counts() const {
  std::vector<std::uint64_t> out(bounds_.size() + 1);
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = counts_[i].load();
  return out;
}

std::vector<double> latency_bounds() {
  return {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};
}

std::vector<double> size_bounds() { return {1, 2, 4, 8, 16, 32, 64, 128, 256}; }

Subscription::~Subscription() { registry_->remove_collector(id_); }

Family<Counter>& Registry::counter(const std::string& name, const std::string& help,
                                   std::vector<std::string> label_names) {
  std::lock_guard lock(mutex_);
  return find_or_add<Counter>(counters_, name, help, label_names,
                              [] { return std::make_unique<Counter>(); });
}

Family<Gauge>& Registry::gauge(const std::string& name, const std::string& help,
                               std::vector<std::string> label_names) {
  std::lock_guard lock(mutex_);
  return find_or_add<Gauge>(gauges_, name, help, label_names,
                            [] { return std::make_unique<Gauge>(); });
}

Family<Histogram>& Registry::histogram(const std::string& name, const std::string& help,
                                       std::vector<std::string> label_names,
                                       std::vector<double> bounds) {
  std::lock_guard lock(mutex_);
  return find_or_add<Histogram>(histograms_, name, help, label_names,
                                [bounds] { return std::make_unique<Histogram>(bounds); });
}

std::unique_ptr<Subscription> Registry::add_collector(
    std::function<void(std::vector<Collected>&)> collect) {
  std::lock_guard lock(collectors_mutex_);
  const std::uint64_t id = next_collector_++;
  collectors_.emplace(id, std::move(collect));
  return std::make_unique<Subscription>(this, id);
}

void Registry::remove_collector(std::uint64_t id) {
  std::lock_guard lock(collectors_mutex_);  // waits for a scrape that runs the collector
  collectors_.erase(id);
}

std::string Registry::expose() {
  std::string out;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [name, family] : counters_) {
      header(out, name, family->help(), "counter");
      family->each([&](const Labels& labels, const Counter& c) {
        out += name + label_text(family->label_names(), labels) + " " + std::to_string(c.value()) +
               "\n";
      });
    }
    for (const auto& [name, family] : gauges_) {
      header(out, name, family->help(), "gauge");
      family->each([&](const Labels& labels, const Gauge& g) {
        out += name + label_text(family->label_names(), labels) + " " + number(g.value()) + "\n";
      });
    }
    for (const auto& [name, family] : histograms_) expose_histogram(out, *family);
  }
  std::vector<Collected> collected;
  std::lock_guard lock(collectors_mutex_);
  for (const auto& [id, collect] : collectors_) {
    std::vector<Collected> one;
    try {
      collect(one);
    } catch (const std::exception&) {
      // e.g. the database is down: what the collector read before still answers
    }
    for (Collected& c : one) collected.push_back(std::move(c));
  }
  expose_collected(out, std::move(collected));
  return out;
}

Registry& global() {
  static Registry registry;
  return registry;
}

}  // namespace metrics
