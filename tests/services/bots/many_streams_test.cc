// Streams on the stream loop, against real PostgreSQL and real HTTP on 127.0.0.1: hundreds of
// streams on a few workers, one read of a game per change whatever its watchers, resume with
// Last-Event-ID, heartbeats on idle streams, a client that stops reading cut off, and the
// long-poll limit.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <arpa/inet.h>

#include "tests/services/bots/bot_fixture.h"

namespace {

using namespace bottest;
using std::chrono::milliseconds;
using svctest::Account;
using svctest::Client;
using svctest::Reply;

using Lines = std::vector<std::string>;

// The "id: " lines of an SSE stream, in order.
std::vector<std::string> sse_ids(const Lines& lines) {
  std::vector<std::string> ids;
  for (const auto& l : lines) {
    if (l.rfind("id: ", 0) == 0) ids.push_back(l.substr(4));
  }
  return ids;
}

// The game documents of a game stream's game_state lines, in order.
std::vector<json> states(const Lines& lines) {
  std::vector<json> out;
  for (const auto& line : lines) {
    const json e = json::parse(line, nullptr, false);
    if (e.is_object() && e.value("type", "") == "game_state") out.push_back(e["game"]);
  }
  return out;
}

// The ids of a stream's events: "id: " lines of SSE, "id" fields of ndjson.
std::vector<std::string> stream_ids(const Lines& lines, bool sse) {
  if (sse) return sse_ids(lines);
  std::vector<json> events;
  for (const auto& line : lines) {
    json e = json::parse(line, nullptr, false);
    if (e.is_object()) events.push_back(std::move(e));
  }
  return ids_of(events);
}

std::function<bool(const Lines&)> game_states(std::size_t n) {
  return [n](const Lines& lines) {
    return static_cast<std::size_t>(std::count_if(lines.begin(), lines.end(), [](auto& l) {
             return l.find("\"type\":\"game_state\"") != std::string::npos;
           })) >= n;
  };
}

const std::string kEvents = "/v1/stream/events";

// The account's event stream got exactly the ids the database holds for it (the challenge's
// events, game_started, the moves), in stream order.
void expect_ids_as_in_db(StreamReader& feed, bool sse, const Account& account) {
  const std::vector<std::string> expected = stream_ids_in_db(account.username);
  EXPECT_TRUE(
      feed.wait_for([&](const Lines& l) { return stream_ids(l, sse).size() >= expected.size(); }));
  EXPECT_EQ(stream_ids(feed.lines(), sse), expected) << account.username;
}

// 20 games; each player holds its event stream (ndjson and SSE alternately) and each game has 13
// game streams: 300 streams, while the server has 2 ordinary workers and 4 for long polls.
TEST(ManyStreams, ThreeHundredStreamsOnSixWorkersEachGetTheMoveWithItsId) {
  SVC_REQUIRE_DB();
  constexpr int kGames = 20;
  constexpr int kWatchers = 13;
  api::StreamOptions options = test_stream_options(300);
  options.max_per_token = kWatchers + 1;  // and its event stream
  StreamServer server(options, 2);
  Client client(server.port());
  std::vector<Account> players;
  std::vector<std::unique_ptr<StreamReader>> feeds;
  for (int i = 0; i < 2 * kGames; ++i) {
    players.push_back(svctest::make_account(client, "many"));
    feeds.push_back(std::make_unique<StreamReader>(
        server.port(), i % 2 ? kEvents + "?format=sse" : kEvents, players.back().token));
  }
  for (auto& feed : feeds) ASSERT_TRUE(feed->wait_for(has_line("snapshot_done")));
  std::vector<std::string> games;
  std::vector<std::unique_ptr<StreamReader>> watchers;
  for (int g = 0; g < kGames; ++g) {
    games.push_back(svctest::start_game(client, {players[2 * g], players[2 * g + 1]}));
    for (int w = 0; w < kWatchers; ++w) {
      watchers.push_back(std::make_unique<StreamReader>(
          server.port(), "/v1/games/" + games[g] + "/stream", players[2 * g].token));
    }
  }
  for (auto& w : watchers) ASSERT_TRUE(w->wait_for(game_states(1)));
  EXPECT_EQ(server.streams().registry.open_count(), 300u);
  EXPECT_EQ(server.streams().loop.open_count(), 300u);
  for (int g = 0; g < kGames; ++g) {
    ASSERT_NO_FATAL_FAILURE(
        svctest::play_counting_moves(client, games[g], {players[2 * g], players[2 * g + 1]}, 0, 1));
  }
  for (int i = 0; i < 2 * kGames; ++i) expect_ids_as_in_db(*feeds[i], i % 2, players[i]);
  for (auto& w : watchers) {
    ASSERT_TRUE(w->wait_for(game_states(2)));
    EXPECT_EQ(states(w->lines()).back()["ply"], 1);
  }
  for (auto& reader : watchers) reader->cancel();
  for (auto& reader : feeds) reader->cancel();
}

// One move in a game with 50 watchers (both players and a spectator): the game is read once for
// all of them, and watchers in the same seat get byte-identical lines.
TEST(ManyStreams, OneChangeIsReadOnceForEveryWatcherOfTheGame) {
  SVC_REQUIRE_DB();
  api::StreamOptions options = test_stream_options(64);
  options.max_per_token = 20;
  StreamServer server(options, 2);
  Client client(server.port());
  const Account ann = svctest::make_account(client, "onceann");
  const Account bob = svctest::make_account(client, "oncebob");
  const Account eve = svctest::make_account(client, "onceeve");
  const storage::StreamPosition since = server.streams().hub.frontier();
  const std::string game = svctest::start_game(client, {ann, bob});
  // Watchers that opened before the hub read the start would load the game again when it does.
  ASSERT_TRUE(svctest::hub_read(server.streams().hub, since, game, "game_started"));
  const std::vector<const Account*> who = {&ann, &bob, &eve};
  std::vector<std::unique_ptr<StreamReader>> watchers;
  for (int i = 0; i < 50; ++i) {
    watchers.push_back(std::make_unique<StreamReader>(
        server.port(), "/v1/games/" + game + "/stream", who[i % 3]->token));
  }
  for (auto& w : watchers) ASSERT_TRUE(w->wait_for(game_states(1)));
  const std::uint64_t before = server.streams().watched.loads();
  ASSERT_NO_FATAL_FAILURE(svctest::play_counting_moves(client, game, {ann, bob}, 0, 1));
  for (auto& w : watchers) ASSERT_TRUE(w->wait_for(game_states(2)));
  EXPECT_EQ(server.streams().watched.loads() - before, 1u);
  for (int i = 0; i < 50; ++i) {
    const json state = states(watchers[i]->lines()).back();
    EXPECT_EQ(state["ply"], 1);
    EXPECT_EQ(state["your_seat"].is_null(), who[i % 3] == &eve) << i;
    EXPECT_EQ(watchers[i]->lines().back(), watchers[i % 3]->lines().back()) << i;
  }
  for (auto& reader : watchers) reader->cancel();
}

TEST(ManyStreams, SseResumesWithLastEventIdAfterReconnect) {
  SVC_REQUIRE_DB();
  StreamServer server;
  Client client(server.port());
  const Account ann = svctest::make_account(client, "lastann");
  const Account bob = svctest::make_account(client, "lastbob");
  auto first = std::make_unique<StreamReader>(server.port(), kEvents + "?format=sse", ann.token);
  ASSERT_TRUE(first->wait_for(has_line("snapshot_done")));
  const std::string game = svctest::start_game(client, {ann, bob}, "counting", {{"target", 1000}});
  ASSERT_NO_FATAL_FAILURE(svctest::play_counting_moves(client, game, {ann, bob}, 0, 3));
  ASSERT_TRUE(first->wait_for([](const Lines& l) { return sse_ids(l).size() >= 4; }));
  first->stop();
  std::vector<std::string> seen = sse_ids(first->lines());
  ASSERT_NO_FATAL_FAILURE(svctest::play_counting_moves(client, game, {ann, bob}, 3, 3));
  StreamReader second(server.port(), kEvents, ann.token,
                      {{"Accept", "text/event-stream"}, {"Last-Event-ID", seen.back()}});
  const std::vector<std::string> expected = stream_ids_in_db(ann.username);
  ASSERT_TRUE(second.wait_for(
      [&](const Lines& l) { return seen.size() + sse_ids(l).size() >= expected.size(); }));
  for (const auto& id : sse_ids(second.lines())) seen.push_back(id);
  EXPECT_EQ(seen, expected);
}

TEST(ManyStreams, IdleStreamsGetHeartbeats) {
  SVC_REQUIRE_DB();
  StreamServer server(test_stream_options(16, milliseconds(200)));
  Client client(server.port());
  const Account ann = svctest::make_account(client, "beatann");
  const Account bob = svctest::make_account(client, "beatbob");
  StreamReader ndjson(server.port(), kEvents, ann.token);
  StreamReader sse(server.port(), kEvents + "?format=sse", bob.token);
  const auto after_snapshot = [](const Lines& l) {
    const auto done = std::find_if(l.begin(), l.end(), [](const std::string& x) {
      return x.find("\"type\":\"snapshot_done\"") != std::string::npos;
    });
    return done == l.end() ? Lines{} : Lines(done + 1, l.end());
  };
  ASSERT_TRUE(ndjson.wait_for([&](const Lines& l) { return after_snapshot(l).size() >= 3; }));
  ASSERT_TRUE(sse.wait_for([&](const Lines& l) { return after_snapshot(l).size() >= 6; }));
  for (const auto& line : after_snapshot(ndjson.lines())) EXPECT_EQ(line, "");
  const Lines beats = after_snapshot(sse.lines());
  ASSERT_EQ(beats.at(0), "");  // the end of the snapshot_done event
  for (std::size_t i = 1; i + 1 < beats.size(); i += 2) {
    EXPECT_EQ(beats[i], ": heartbeat");
    EXPECT_EQ(beats[i + 1], "");
  }
}

// A raw client on loopback that sends its request, reads the response head and then reads no
// more (with a small receive buffer, so the server's side fills soon).
class NonReadingClient {
 public:
  NonReadingClient(int port, const std::string& path, const std::string& token) {
    sock_ = ::socket(AF_INET, SOCK_STREAM, 0);
    const int small = 4096;
    ::setsockopt(sock_, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<std::uint16_t>(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    connected_ = ::connect(sock_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
    const std::string request = "GET " + path +
                                " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + token +
                                "\r\n\r\n";
    connected_ = connected_ && ::send(sock_, request.data(), request.size(), 0) > 0;
    while (connected_ && received_.find("\r\n\r\n") == std::string::npos) connected_ = read_some();
  }
  ~NonReadingClient() { ::close(sock_); }
  bool connected() const { return connected_; }
  const std::string& received() const { return received_; }
  // Reads what the server sent until it closed the connection; false on a 10 s silence.
  bool read_to_end() {
    const timeval wait{10, 0};
    ::setsockopt(sock_, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
    char buffer[16384];
    for (;;) {
      const ssize_t n = ::recv(sock_, buffer, sizeof buffer, 0);
      if (n == 0) return true;
      if (n < 0) return false;
      received_.append(buffer, static_cast<std::size_t>(n));
    }
  }

 private:
  bool read_some() {
    char buffer[1024];
    const ssize_t n = ::recv(sock_, buffer, sizeof buffer, 0);
    if (n > 0) received_.append(buffer, static_cast<std::size_t>(n));
    return n > 0;
  }
  int sock_ = -1;
  bool connected_ = false;
  std::string received_;
};

TEST(ManyStreams, AClientThatStopsReadingIsCutOffWhileOthersGetEveryChange) {
  SVC_REQUIRE_DB();
  api::StreamOptions options = test_stream_options(16, milliseconds(2000));
  options.max_buffered_bytes = 4096;
  StreamServer server(options);
  Client client(server.port());
  const Account ann = svctest::make_account(client, "slowann");
  const Account bob = svctest::make_account(client, "slowbob");
  const std::string game =
      svctest::start_game(client, {ann, bob}, "counting", {{"target", 100000}});
  const std::string path = "/v1/games/" + game + "/stream";
  StreamReader reading(server.port(), path, bob.token);
  NonReadingClient stalled(server.port(), path, ann.token);
  ASSERT_TRUE(stalled.connected());
  ASSERT_EQ(stalled.received().rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << stalled.received();
  ASSERT_TRUE(reading.wait_for(game_states(1)));
  int ply = 0;
  while (server.streams().loop.cut_off_count() == 0 && ply < 400) {
    ASSERT_NO_FATAL_FAILURE(svctest::play_counting_moves(client, game, {ann, bob}, ply, 1));
    ++ply;
  }
  ASSERT_EQ(server.streams().loop.cut_off_count(), 1u) << "after " << ply << " moves";
  // Its slot is free once a fan-out worker still producing for it lets go of its source (a job
  // holds one); the reading watcher is not cut off and sees the last move.
  for (int i = 0; i < 200 && server.streams().registry.open_count() != 1u; ++i) {
    std::this_thread::sleep_for(milliseconds(10));
  }
  EXPECT_EQ(server.streams().registry.open_count(), 1u);
  ASSERT_TRUE(reading.wait_for(
      [&](const Lines& l) { return !states(l).empty() && states(l).back()["ply"] == ply; }));
  EXPECT_FALSE(reading.finished());
  // The cut-off client reads a response that ends without its last chunk.
  ASSERT_TRUE(stalled.read_to_end());
  const std::string& got = stalled.received();
  EXPECT_NE(got.find("\"type\":\"game_state\""), std::string::npos);
  EXPECT_NE(got.substr(got.size() - 5), "0\r\n\r\n");
}

// Long polls still wait on a worker: the fifth at once (of four) is refused, not queued.
TEST(ManyStreams, LongPollPastItsLimitIs503ProblemJson) {
  SVC_REQUIRE_DB();
  StreamServer server;  // max_long_polls 4
  Client client(server.port());
  std::vector<Account> accounts;
  for (int i = 0; i < 5; ++i) accounts.push_back(svctest::make_account(client, "poll"));
  std::vector<std::thread> waiting;
  std::vector<int> statuses(4, 0);
  for (int i = 0; i < 4; ++i) {
    waiting.emplace_back([&, i] {
      Client own(server.port());
      statuses[static_cast<std::size_t>(i)] =
          own.get("/v1/me/turns?wait=3", accounts[static_cast<std::size_t>(i)].token).status;
    });
  }
  for (int i = 0; i < 500 && server.streams().long_polls.load() < 4; ++i) {
    std::this_thread::sleep_for(milliseconds(10));
  }
  ASSERT_EQ(server.streams().long_polls.load(), 4u);
  const Reply refused = client.get("/v1/me/turns?wait=3", accounts[4].token);
  EXPECT_EQ(refused.status, 503);
  EXPECT_EQ(refused.header("Content-Type"), "application/problem+json");
  EXPECT_EQ(refused.body["code"], "too_many_streams");
  EXPECT_EQ(refused.body["limit"], "long-polls");
  EXPECT_EQ(refused.body["max_long_polls"], 4);
  EXPECT_EQ(refused.header("Retry-After"), "3");
  for (auto& t : waiting) t.join();
  EXPECT_EQ(statuses, std::vector<int>(4, 200));
  EXPECT_EQ(server.streams().long_polls.load(), 0u);
  EXPECT_EQ(client.get("/v1/me/turns", accounts[4].token).status, 200);
}

}  // namespace
