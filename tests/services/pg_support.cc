#include "tests/services/pg_support.h"

#include <libpq-fe.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <pqxx/pqxx>
#include <random>
#include <stdexcept>

namespace testpg {
namespace {

std::string quote_value(const std::string& value) {
  std::string out = "'";
  for (const char c : value) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

std::string unique_suffix() {
  static std::atomic<int> counter{0};
  static const unsigned salt = std::random_device{}();
  return std::to_string(::getpid()) + "_" + std::to_string(salt % 100000) + "_" +
         std::to_string(counter++);
}

}  // namespace

std::string base_url() {
  const char* url = std::getenv("TEST_DATABASE_URL");
  return url ? url : "";
}

std::string with_database(const std::string& url, const std::string& dbname) {
  char* error = nullptr;
  PQconninfoOption* options = PQconninfoParse(url.c_str(), &error);
  if (!options) {
    std::string message = error ? error : "?";
    PQfreemem(error);
    throw std::runtime_error("TEST_DATABASE_URL does not parse: " + message);
  }
  std::string out;
  for (PQconninfoOption* o = options; o->keyword; ++o) {
    if (!o->val || std::string(o->keyword) == "dbname") continue;
    out += std::string(o->keyword) + "=" + quote_value(o->val) + " ";
  }
  PQconninfoFree(options);
  return out + "dbname=" + quote_value(dbname);
}

std::string unreachable_url() { return "host=127.0.0.1 port=1 dbname=none connect_timeout=2"; }

ScratchDatabase::ScratchDatabase() : name_("hexpost_test_" + unique_suffix()) {
  pqxx::connection admin(base_url());
  pqxx::nontransaction tx(admin);
  tx.exec("CREATE DATABASE " + tx.quote_name(name_));
  url_ = with_database(base_url(), name_);
}

ScratchDatabase::~ScratchDatabase() {
  try {
    pqxx::connection admin(base_url());
    pqxx::nontransaction tx(admin);
    tx.exec("DROP DATABASE IF EXISTS " + tx.quote_name(name_) + " WITH (FORCE)");
  } catch (const std::exception& e) {
    ADD_FAILURE() << "could not drop " << name_ << ": " << e.what();
  }
}

MigrationDir::MigrationDir()
    : path_(std::filesystem::temp_directory_path() / ("hexpost_migrations_" + unique_suffix())) {
  std::filesystem::create_directories(path_);
}

MigrationDir::~MigrationDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

void MigrationDir::write(const std::string& filename, const std::string& sql) const {
  std::ofstream(path_ / filename, std::ios::binary | std::ios::trunc) << sql;
}

void MigrationDir::remove(const std::string& filename) const {
  std::filesystem::remove(path_ / filename);
}

}  // namespace testpg
