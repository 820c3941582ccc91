#include "services/storage/migrations.h"

#include <openssl/evp.h>
#include <pqxx/pqxx>

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "services/storage/pool.h"

namespace storage {
namespace {

// pg_advisory_lock key for migrations: the bytes "hexp" "migr". Any constant works as long as
// every hexpostd uses the same one.
constexpr long long kMigrationLockKey = 0x686578706d696772LL;

struct Applied {
  int version = 0;
  std::string name;
  std::string checksum;
};

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw MigrationError("cannot read migration " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string filename_of(int version, const std::string& name) {
  char prefix[8];
  std::snprintf(prefix, sizeof prefix, "%04d", version);
  return std::string(prefix) + "_" + name + ".sql";
}

std::vector<Applied> read_applied(pqxx::transaction_base& tx) {
  std::vector<Applied> applied;
  if (tx.exec1("SELECT to_regclass('schema_migrations') IS NOT NULL")[0].as<bool>()) {
    for (const auto& row :
         tx.exec("SELECT version, name, checksum FROM schema_migrations ORDER BY version")) {
      applied.push_back({row[0].as<int>(), row[1].as<std::string>(), row[2].as<std::string>()});
    }
  }
  return applied;
}

MigrationStatus compare(const std::vector<Applied>& applied,
                        const std::vector<Migration>& migrations) {
  MigrationStatus status;
  std::map<int, const Migration*> files;
  for (const auto& m : migrations) files[m.version] = &m;
  int newest = 0;
  for (const auto& a : applied) {
    newest = std::max(newest, a.version);
    auto it = files.find(a.version);
    const std::string recorded = filename_of(a.version, a.name);
    if (it == files.end()) {
      status.problems.push_back(recorded + " is recorded as applied but its file is missing");
    } else if (it->second->checksum != a.checksum) {
      status.problems.push_back(it->second->filename +
                                " was edited after it was applied (recorded sha256 " +
                                a.checksum.substr(0, 12) + "..., file now " +
                                it->second->checksum.substr(0, 12) + "...)");
    }
  }
  for (const auto& m : migrations) {
    const bool done = std::any_of(applied.begin(), applied.end(),
                                  [&](const Applied& a) { return a.version == m.version; });
    if (done) continue;
    if (m.version < newest) {
      status.problems.push_back(m.filename + " is older than the newest applied migration " +
                                std::to_string(newest) + "; give it a higher number");
    } else {
      status.pending.push_back(m.filename);
    }
  }
  return status;
}

void apply_one(pqxx::connection& conn, const Migration& m) {
  pqxx::work tx(conn, "migrate_" + std::to_string(m.version));
  try {
    tx.exec(m.sql);
  } catch (const pqxx::sql_error& e) {
    std::string what = e.what();
    what.erase(std::remove(what.begin(), what.end(), '\n'), what.end());
    throw MigrationError("migration " + m.filename + " failed: " + what);
  }
  tx.exec_params("INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)",
                 m.version, m.name, m.checksum);
  tx.commit();
}

std::vector<std::string> apply_locked(pqxx::connection& conn,
                                      const std::vector<Migration>& migrations) {
  {
    pqxx::nontransaction tx(conn);
    tx.exec(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " version integer PRIMARY KEY,"
        " name text NOT NULL,"
        " checksum text NOT NULL,"
        " applied_at timestamptz NOT NULL DEFAULT now())");
  }
  pqxx::read_transaction read(conn);
  const MigrationStatus status = compare(read_applied(read), migrations);
  read.commit();
  if (!status.problems.empty()) throw MigrationError(status.problems.front());
  std::vector<std::string> done;
  for (const auto& name : status.pending) {
    auto it = std::find_if(migrations.begin(), migrations.end(),
                           [&](const Migration& m) { return m.filename == name; });
    apply_one(conn, *it);
    done.push_back(name);
  }
  return done;
}

}  // namespace

std::string sha256_hex(const std::string& bytes) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), digest.data(), &length, EVP_sha256(), nullptr) != 1) {
    throw std::runtime_error("SHA-256 failed");
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex;
  for (unsigned int i = 0; i < length; ++i) {
    hex += kHex[digest[i] >> 4];
    hex += kHex[digest[i] & 0xf];
  }
  return hex;
}

std::vector<Migration> load_migrations(const std::filesystem::path& dir) {
  static const std::regex kName(R"(^(\d{4})_([a-z0-9_]+)\.sql$)");
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) {
    throw MigrationError("migrations directory " + dir.string() +
                         " does not exist (set HEXPOST_MIGRATIONS_DIR)");
  }
  std::vector<Migration> migrations;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string file = entry.path().filename().string();
    if (!entry.is_regular_file() || entry.path().extension() != ".sql") continue;
    std::smatch match;
    if (!std::regex_match(file, match, kName)) {
      throw MigrationError("bad migration file name " + file + " (expected NNNN_name.sql)");
    }
    Migration m{std::stoi(match[1].str()), match[2].str(), file, read_file(entry.path()), ""};
    m.checksum = sha256_hex(m.sql);
    migrations.push_back(std::move(m));
  }
  std::sort(migrations.begin(), migrations.end(),
            [](const Migration& a, const Migration& b) { return a.version < b.version; });
  for (std::size_t i = 1; i < migrations.size(); ++i) {
    if (migrations[i].version == migrations[i - 1].version) {
      throw MigrationError("two migrations share version " + std::to_string(migrations[i].version) +
                           ": " + migrations[i - 1].filename + " and " + migrations[i].filename);
    }
  }
  return migrations;
}

MigrationStatus migration_status(ConnectionPool& pool, const std::vector<Migration>& migrations) {
  return pool.run([&](pqxx::connection& conn) {
    pqxx::read_transaction tx(conn);
    auto applied = read_applied(tx);
    tx.commit();
    return compare(applied, migrations);
  });
}

std::vector<std::string> apply_migrations(const std::string& database_url,
                                          const std::vector<Migration>& migrations) {
  pqxx::connection conn(database_url);
  {
    pqxx::nontransaction tx(conn);
    tx.exec_params("SELECT pg_advisory_lock($1)", kMigrationLockKey);
  }
  // The lock belongs to this session: it goes away with `conn` on every exit path, and is
  // released explicitly on success so a pooled/reused session could not keep it.
  std::vector<std::string> applied = apply_locked(conn, migrations);
  pqxx::nontransaction tx(conn);
  tx.exec_params("SELECT pg_advisory_unlock($1)", kMigrationLockKey);
  return applied;
}

}  // namespace storage
