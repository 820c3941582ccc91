// libFuzzer target "mail_in": `hexpostd mail-in`'s reading of a message (services/mail
// inbound_parse: GMime's MIME parsing, then the command picked out of the text), on the raw
// message as the MTA pipes it. The input is the whole message.
// What hexpostd stores or puts into JSON from a mail (Message-ID, the command line, the
// recipients) must be valid UTF-8: the mail_inbound row and the reply payload need it.
// Move addresses among the recipients must format back to themselves.

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

#include "fuzz/fuzz_support.h"
#include "services/mail/addresses.h"
#include "services/mail/inbound_parse.h"

namespace {

bool valid_utf8(const std::string& text) {
  try {
    (void)nlohmann::json(text).dump();
    return true;
  } catch (const nlohmann::json::type_error&) {
    return false;
  }
}

void check_recipient(const std::string& recipient) {
  fuzz::check(valid_utf8(recipient), "recipient is not UTF-8: " + recipient);
  const auto address = mail::parse_move_address(recipient, "games.test");
  if (!address) return;
  const std::string formatted = mail::format_move_address(*address, "games.test");
  const auto again = mail::parse_move_address(formatted, "games.test");
  fuzz::check(again && again->game_id == address->game_id && again->seat == address->seat &&
                  again->tag == address->tag,
              "move address does not round-trip: " + recipient + " -> " + formatted);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string raw(reinterpret_cast<const char*>(data), size);
  const auto parsed = mail::parse_mail(raw);
  if (!parsed) return 0;
  fuzz::check(valid_utf8(parsed->message_id), "Message-ID is not UTF-8: " + parsed->message_id);
  fuzz::check(valid_utf8(parsed->from), "From is not UTF-8: " + parsed->from);
  for (const std::string& recipient : parsed->recipients) check_recipient(recipient);
  const std::string line = mail::first_command_line(parsed->text);
  fuzz::check(valid_utf8(line), "command line is not UTF-8: " + line);
  const mail::MailCommand command = mail::parse_command(line);
  fuzz::check(command.kind != mail::MailCommand::Kind::kMove || !command.move.empty(),
              "an empty move from: " + line);
  return 0;
}
