#include "store/events_json.h"

#include <array>

namespace cardboard {

namespace {

constexpr char kHex[] = "0123456789abcdef";

// The bytes a JSON string escapes: the control characters, '"' and '\\'.
constexpr std::array<bool, 256> kEscaped = [] {
  std::array<bool, 256> t{};
  for (int c = 0; c < 0x20; ++c) t[c] = true;
  t['"'] = t['\\'] = true;
  return t;
}();

void append_string(std::string& out, std::string_view s) {
  // Every recorded action writes a few hundred bytes of these: room first,
  // then the runs between escapes at once.
  out.reserve(out.size() + s.size() + 2);
  out += '"';
  size_t run = 0;  // the start of the bytes not copied yet
  for (size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (!kEscaped[c]) continue;
    out.append(s.data() + run, i - run);
    run = i + 1;
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        out += "\\u00";
        out += kHex[c >> 4];
        out += kHex[c & 15];
    }
  }
  out.append(s.data() + run, s.size() - run);
  out += '"';
}

void append_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xc0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3f));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xe0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
    out += static_cast<char>(0x80 | (cp & 0x3f));
  } else {
    out += static_cast<char>(0xf0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
    out += static_cast<char>(0x80 | (cp & 0x3f));
  }
}

// A reader of exactly the JSON shape above; the first problem stops it.
class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}

  Status fail(const std::string& expected) {
    return rejected("bad event list at byte " + std::to_string(pos_) + ": expected " + expected);
  }
  void space() {
    while (pos_ < in_.size() && (in_[pos_] == ' ' || in_[pos_] == '\t' || in_[pos_] == '\n' || in_[pos_] == '\r'))
      ++pos_;
  }
  bool eat(char c) {
    space();
    if (pos_ < in_.size() && in_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  bool at_end() {
    space();
    return pos_ == in_.size();
  }

  // A JSON string into `out` (replacing what it held).
  Status string(std::string& out) {
    out.clear();
    if (!eat('"')) return fail("a string");
    for (;;) {
      size_t run = pos_;
      while (pos_ < in_.size()) {
        const auto c = static_cast<unsigned char>(in_[pos_]);
        if (c == '"' || c == '\\' || c < 0x20) break;
        ++pos_;
      }
      out.append(in_.data() + run, pos_ - run);
      if (pos_ == in_.size()) return fail("the end of a string");
      const char c = in_[pos_];
      if (c == '"') {
        ++pos_;
        return ok_status();
      }
      if (c != '\\') return fail("an escaped control character");
      if (++pos_ == in_.size()) return fail("an escape");
      switch (in_[pos_++]) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          uint32_t cp = 0;
          CB_TRY(hex4(cp));
          if (cp >= 0xd800 && cp < 0xdc00) {  // a high surrogate: its low half follows
            uint32_t low = 0;
            if (pos_ + 2 > in_.size() || in_[pos_] != '\\' || in_[pos_ + 1] != 'u') return fail("a low surrogate");
            pos_ += 2;
            CB_TRY(hex4(low));
            if (low < 0xdc00 || low >= 0xe000) return fail("a low surrogate");
            cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
          } else if (cp >= 0xdc00 && cp < 0xe000) {
            return fail("a high surrogate before a low one");
          }
          append_utf8(out, cp);
          break;
        }
        default:
          --pos_;
          return fail("an escape (one of \"\\/bfnrtu)");
      }
    }
  }

 private:
  Status hex4(uint32_t& v) {
    if (pos_ + 4 > in_.size()) return fail("4 hex digits");
    for (int k = 0; k < 4; ++k) {
      const char c = in_[pos_];
      int d = -1;
      if (c >= '0' && c <= '9') d = c - '0';
      else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
      else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
      if (d < 0) return fail("4 hex digits");
      v = v * 16 + static_cast<uint32_t>(d);
      ++pos_;
    }
    return ok_status();
  }

  std::string_view in_;
  size_t pos_ = 0;
};

void append_event(std::string& out, std::string_view kind, std::string_view rule, std::string_view text,
                  std::string_view visible_to, const std::map<std::string, std::string>* texts) {
  out += '[';
  append_string(out, kind);
  out += ',';
  append_string(out, rule);
  out += ',';
  append_string(out, text);
  const bool by_reader = texts && !texts->empty();
  if (!visible_to.empty() || by_reader) {
    out += ',';
    append_string(out, visible_to);
  }
  if (by_reader) {
    out += ",{";
    bool first = true;
    for (const auto& [reader, words] : *texts) {
      if (!first) out += ',';
      first = false;
      append_string(out, reader);
      out += ':';
      append_string(out, words);
    }
    out += '}';
  }
  out += ']';
}

}  // namespace

void append_events_json(std::string& out, const std::vector<EventRow>& events) {
  out += '[';
  for (size_t i = 0; i < events.size(); ++i) {
    if (i) out += ',';
    append_event(out, events[i].kind, events[i].rule, events[i].text, events[i].visible_to, &events[i].texts);
  }
  out += ']';
}

void EventsJsonWriter::add(std::string_view kind, std::string_view rule, std::string_view text,
                           std::string_view visible_to, const std::map<std::string, std::string>* texts) {
  if (closed_) {  // json() closed the array: reopen it
    out_.pop_back();
    closed_ = false;
  }
  out_ += count_++ ? ',' : '[';
  append_event(out_, kind, rule, text, visible_to, texts);
}

std::string_view EventsJsonWriter::json() {
  if (count_ == 0) return "[]";
  if (!closed_) {
    out_ += ']';
    closed_ = true;
  }
  return out_;
}

Status read_events_json(std::string_view json, int64_t action, std::vector<EventRow>& out) {
  Reader r(json);
  if (!r.eat('[')) return r.fail("'['");
  if (!r.eat(']')) {
    for (int64_t n = 0;; ++n) {
      EventRow e;
      e.n = n;
      e.action = action;
      if (!r.eat('[')) return r.fail("'[' (an event)");
      CB_TRY(r.string(e.kind));
      if (!r.eat(',')) return r.fail("',' (the rule)");
      CB_TRY(r.string(e.rule));
      if (!r.eat(',')) return r.fail("',' (the text)");
      CB_TRY(r.string(e.text));
      if (r.eat(',')) {
        CB_TRY(r.string(e.visible_to));
        if (r.eat(',')) {
          if (!r.eat('{')) return r.fail("'{' (the words by reader)");
          if (!r.eat('}')) {
            for (;;) {
              std::string reader, words;
              CB_TRY(r.string(reader));
              if (!r.eat(':')) return r.fail("':'");
              CB_TRY(r.string(words));
              e.texts[std::move(reader)] = std::move(words);
              if (r.eat('}')) break;
              if (!r.eat(',')) return r.fail("',' or '}'");
            }
          }
        }
      }
      if (!r.eat(']')) return r.fail("']' (the end of an event)");
      out.push_back(std::move(e));
      if (r.eat(']')) break;
      if (!r.eat(',')) return r.fail("',' or ']'");
    }
  }
  if (!r.at_end()) return r.fail("the end");
  return ok_status();
}

}  // namespace cardboard
