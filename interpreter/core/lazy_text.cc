#include "core/lazy_text.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstring>

namespace cardboard {

TextArg integer_arg(int64_t v) {
  TextArg a;
  a.kind = TextArg::Kind::kInteger;
  a.integer = v;
  return a;
}

TextArg string_arg(std::string s) {
  TextArg a;
  a.kind = TextArg::Kind::kString;
  a.text = std::move(s);
  return a;
}

namespace {

constexpr std::string_view kFlags = "-+ #0";

struct Directive {
  std::string_view spec;  // from '%' to the conversion letter, both included
  char conversion = 0;
  size_t end = 0;         // index after the directive in the format
};

// Reads the directive starting at format[at] == '%'; conversion 0 on error.
Directive read_directive(std::string_view format, size_t at) {
  Directive d;
  size_t i = at + 1;
  while (i < format.size() && kFlags.find(format[i]) != std::string_view::npos && i - at <= kFlags.size()) ++i;
  for (int digits = 0; i < format.size() && format[i] >= '0' && format[i] <= '9'; ++i)
    if (++digits > 2) return d;
  if (i < format.size() && format[i] == '.') {
    ++i;
    for (int digits = 0; i < format.size() && format[i] >= '0' && format[i] <= '9'; ++i)
      if (++digits > 2) return d;
  }
  if (i >= format.size()) return d;
  d.conversion = format[i];
  d.end = i + 1;
  d.spec = format.substr(at, d.end - at);
  return d;
}

bool kernel_conversion(char c) { return c == 'P' || c == 'L' || c == 'S' || c == 'T' || c == 't'; }

Result<ArgClass> class_of(const Directive& d) {
  switch (d.conversion) {
    case 'c': case 'd': case 'i': case 'u': case 'o': case 'x': case 'X': return ArgClass::kInteger;
    case 'a': case 'A': case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': return ArgClass::kNumber;
    case 's': return ArgClass::kAny;
    default: break;
  }
  if (kernel_conversion(d.conversion) && d.spec.size() == 2) {
    switch (d.conversion) {
      case 'P': return ArgClass::kPiece;
      case 'L': return ArgClass::kLocation;
      case 'S': return ArgClass::kSide;
      case 't': return ArgClass::kText;
      default: return ArgClass::kType;
    }
  }
  return rejected("");
}

// snprintf into a string, for one directive and its argument.
template <typename T>
void append_formatted(std::string& out, const std::string& spec, T value) {
  char buf[128];
  const int n = std::snprintf(buf, sizeof buf, spec.c_str(), value);
  if (n > 0) out.append(buf, static_cast<size_t>(std::min<int>(n, sizeof buf - 1)));
}

std::string c_spec(std::string_view spec, const char* length) {
  std::string s(spec.substr(0, spec.size() - 1));
  s += length;
  s += spec.back();
  return s;
}

std::string arg_string(const TextArg& a) {
  switch (a.kind) {
    case TextArg::Kind::kNil: return "nil";
    case TextArg::Kind::kBool: return a.integer ? "true" : "false";
    case TextArg::Kind::kInteger: return std::to_string(a.integer);
    case TextArg::Kind::kNumber: return number_text(a.number);
    case TextArg::Kind::kString: return a.text;
    default: return "?";
  }
}

double arg_number(const TextArg& a) {
  return a.kind == TextArg::Kind::kInteger ? static_cast<double>(a.integer) : a.number;
}

}  // namespace

Result<std::vector<ArgClass>> parse_text_format(std::string_view format, const char* fn) {
  std::vector<ArgClass> out;
  for (size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%') continue;
    if (i + 1 < format.size() && format[i + 1] == '%') {
      ++i;
      continue;
    }
    const Directive d = read_directive(format, i);
    auto cls = d.conversion ? class_of(d) : Result<ArgClass>(rejected(""));
    if (!cls.ok()) {
      const size_t end = d.conversion ? d.end : std::min(format.size(), i + 6);
      return rejected("invalid conversion '" + std::string(format.substr(i, end - i)) + "' to '" + fn +
                      "' (use string.format's conversions but %q and %p, or %P piece, %L location, %S side, %T type, %t text)");
    }
    out.push_back(*cls);
    i = d.end - 1;
  }
  return out;
}

bool reads_piece(const TextArg& a, int reader, size_t sides) {
  if (reader == kEveryone) return true;
  if (reader == kPublicOnly) {
    const uint32_t all = sides >= 32 ? ~uint32_t{0} : (uint32_t{1} << sides) - 1;
    return (a.seen_by & all) == all;
  }
  return reader >= 0 && reader < 32 && (a.seen_by >> reader & 1u);
}

namespace {

// Appends hidden_piece_text's words to `out`.
void append_hidden_piece(std::string& out, const GameDef& d, int type, int owner) {
  out += "a hidden ";
  if (owner >= 0 && owner < static_cast<int>(d.sides.size())) {
    const SideDef& s = d.sides[owner];
    out += s.adjective.empty() ? s.title : s.adjective;
    out += ' ';
  }
  if (type >= 0 && type < static_cast<int>(d.types.size()) && !d.types[type].kind.empty()) out += d.types[type].kind;
  else out += "piece";
}

}  // namespace

std::string hidden_piece_text(const GameDef& d, int type, int owner) {
  std::string out;
  append_hidden_piece(out, d, type, owner);
  return out;
}

std::string number_text(double n) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.14g", n);
  if (buf[std::strspn(buf, "-0123456789")] == '\0') std::strcat(buf, ".0");
  return buf;
}

std::string render(const LazyText& t, const GameDef& d, int reader) {
  std::string out;
  out.reserve(t.format.size() + 32);
  const std::string_view f = t.format;
  size_t next = 0;
  for (size_t i = 0; i < f.size(); ++i) {
    if (f[i] != '%') {
      // The words up to the next directive, at once (a log's texts and the
      // save's are rendered for every reader of every event).
      const size_t pct = f.find('%', i);
      const size_t end = pct == std::string_view::npos ? f.size() : pct;
      out.append(f.data() + i, end - i);
      i = end - 1;
      continue;
    }
    if (i + 1 < f.size() && f[i + 1] == '%') {
      out += '%';
      ++i;
      continue;
    }
    const Directive dir = read_directive(f, i);
    if (!dir.conversion) break;  // checked when made: cannot happen
    i = dir.end - 1;
    if (next >= t.args.size()) continue;
    const TextArg& a = t.args[next++];
    switch (dir.conversion) {
      case 'P':
        if (reads_piece(a, reader, d.sides.size())) out += a.type >= 0 && a.type < static_cast<int>(d.types.size()) ? d.types[a.type].name : "?";
        else append_hidden_piece(out, d, a.type, a.owner);
        break;
      case 'L':
        if (a.integer >= 0 && a.integer < static_cast<int64_t>(d.locations.size())) out += d.locations[a.integer].title;
        else out += "out of play";
        break;
      case 'S':
        if (a.integer >= 0 && a.integer < static_cast<int64_t>(d.sides.size())) out += d.sides[a.integer].title;
        break;
      case 'T':
        if (a.integer >= 0 && a.integer < static_cast<int64_t>(d.types.size())) out += d.types[a.integer].name;
        break;
      case 's': {
        if (dir.spec.size() == 2 && a.kind == TextArg::Kind::kString) {
          out += a.text;
          break;
        }
        const std::string s = arg_string(a);
        if (dir.spec.size() == 2) out += s;
        else append_formatted(out, std::string(dir.spec), s.c_str());
        break;
      }
      case 'c':
        append_formatted(out, std::string(dir.spec), static_cast<int>(a.integer));
        break;
      case 'd': case 'i':
        if (dir.spec.size() == 2) {
          // A plain %d: the digits snprintf would write, without it.
          char buf[24];
          const auto r = std::to_chars(buf, buf + sizeof buf, static_cast<long long>(a.integer));
          out.append(buf, static_cast<size_t>(r.ptr - buf));
          break;
        }
        append_formatted(out, c_spec(dir.spec, "ll"), static_cast<long long>(a.integer));
        break;
      case 'u': case 'o': case 'x': case 'X':
        append_formatted(out, c_spec(dir.spec, "ll"), static_cast<unsigned long long>(a.integer));
        break;
      default:  // a A e E f F g G
        append_formatted(out, std::string(dir.spec), arg_number(a));
        break;
    }
  }
  return out;
}

}  // namespace cardboard
