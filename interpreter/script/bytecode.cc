#include "script/bytecode.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>
#include <tuple>

#include <lua.hpp>

#include "core/input_file.h"

namespace cardboard {

namespace bytecode {

// ---- Lua 5.4's binary chunk (ldump.c / lundump.c) ----

constexpr int kTagNil = LUA_TNIL;
constexpr int kTagFalse = LUA_TBOOLEAN;
constexpr int kTagTrue = LUA_TBOOLEAN | (1 << 4);
constexpr int kTagInt = LUA_TNUMBER;
constexpr int kTagFloat = LUA_TNUMBER | (1 << 4);
constexpr int kTagShortString = LUA_TSTRING;
constexpr int kTagLongString = LUA_TSTRING | (1 << 4);

// Reads a dump; any inconsistency sets `bad` and yields zeros from then on.
class Undump {
 public:
  explicit Undump(const std::string& data) : data_(data) {}

  bool header() {
    static const char kData[] = "\x19\x93\r\n\x1a\n";
    if (!bytes(4) || std::memcmp(data_.data(), LUA_SIGNATURE, 4) != 0) return fail();
    if (byte() != 0x54 || byte() != 0) return fail();  // LUAC_VERSION, LUAC_FORMAT
    if (!bytes(6) || std::memcmp(data_.data() + pos_ - 6, kData, 6) != 0) return fail();
    if (byte() != sizeof(uint32_t) || byte() != sizeof(lua_Integer) || byte() != sizeof(lua_Number)) return fail();
    return bytes(sizeof(lua_Integer) + sizeof(lua_Number)) || fail();  // LUAC_INT, LUAC_NUM
  }

  void function(Proto& f) {
    f.source = string();
    f.linedefined = integer();
    f.lastlinedefined = integer();
    f.numparams = byte();
    byte();  // is_vararg
    byte();  // maxstacksize
    // code
    const size_t ncode = count(4);
    f.code.resize(ncode);
    for (auto& i : f.code) {
      if (!bytes(4)) break;
      std::memcpy(&i, data_.data() + pos_ - 4, 4);
    }
    // constants
    f.k.resize(count(1));
    for (auto& c : f.k) {
      c.tag = byte();
      switch (c.tag) {
        case kTagNil: case kTagFalse: case kTagTrue: break;
        case kTagInt: bytes(sizeof(lua_Integer)); break;
        case kTagFloat: bytes(sizeof(lua_Number)); break;
        case kTagShortString: case kTagLongString: c.text = string(); break;
        default: fail();
      }
    }
    // upvalues
    f.upvalues.resize(count(3));
    for (auto& u : f.upvalues) {
      u.instack = byte();
      u.idx = byte();
      byte();  // kind
    }
    // nested functions
    f.protos.resize(count(1));
    for (auto& p : f.protos) function(p);
    // debug: lineinfo, abslineinfo, locvars, upvalue names
    f.lineinfo.resize(count(1));
    for (auto& l : f.lineinfo) l = static_cast<int8_t>(byte());
    f.abslineinfo.resize(count(2));
    for (auto& [pc, line] : f.abslineinfo) {
      pc = integer();
      line = integer();
    }
    f.locvars.resize(count(3));
    for (auto& v : f.locvars) {
      v.name = string();
      v.startpc = integer();
      v.endpc = integer();
    }
    const size_t nnames = count(1);
    for (size_t i = 0; i < nnames; ++i) {
      std::string name = string();
      if (i < f.upvalues.size()) f.upvalues[i].name = std::move(name);
    }
  }

  int byte() {
    if (!bytes(1)) return 0;
    return static_cast<unsigned char>(data_[pos_ - 1]);
  }
  bool ok() const { return !bad_; }

 private:
  bool fail() {
    bad_ = true;
    return false;
  }
  // Skips n bytes, false past the end.
  bool bytes(size_t n) {
    if (bad_ || data_.size() - pos_ < n) return fail();
    pos_ += n;
    return true;
  }
  // loadUnsigned: 7 bits a byte, most significant first; the last byte has bit 7 set.
  size_t size() {
    size_t x = 0;
    for (int b = 0; !bad_;) {
      b = byte();
      if (x > (SIZE_MAX >> 7)) {
        fail();
        return 0;
      }
      x = (x << 7) | static_cast<size_t>(b & 0x7f);
      if (b & 0x80) break;
    }
    return bad_ ? 0 : x;
  }
  int integer() {
    const size_t x = size();
    if (x > static_cast<size_t>(INT32_MAX)) {
      fail();
      return 0;
    }
    return static_cast<int>(x);
  }
  // A vector's length, checked against what is left (each element takes at least `min_bytes`).
  size_t count(size_t min_bytes) {
    const size_t n = size();
    if (bad_ || n > (data_.size() - pos_) / min_bytes) {
      fail();
      return 0;
    }
    return n;
  }
  std::string string() {
    size_t n = size();
    if (n == 0) return {};  // NULL
    --n;
    if (!bytes(n)) return {};
    return data_.substr(pos_ - n, n);
  }

  const std::string& data_;
  size_t pos_ = 0;
  bool bad_ = false;
};

int writer(lua_State*, const void* p, size_t sz, void* ud) {
  static_cast<std::string*>(ud)->append(static_cast<const char*>(p), sz);
  return 0;
}

// Compiles `path` (text only) into `main`; false when it cannot be read or compiled.
bool compile(const std::string& path, Proto& main) {
  auto read = read_input_file(path);
  if (!read.ok()) return false;
  const std::string& code = *read;
  lua_State* L = luaL_newstate();
  if (!L) return false;
  std::string dump;
  bool ok = luaL_loadbufferx(L, code.data(), code.size(), ("@" + path).c_str(), "t") == LUA_OK &&
            lua_dump(L, writer, &dump, 0) == 0;
  lua_close(L);
  if (!ok) return false;
  Undump u(dump);
  if (!u.header()) return false;
  u.byte();  // the main closure's number of upvalues
  u.function(main);
  return u.ok();
}

// ---- instructions (lopcodes.h of Lua 5.4) ----

enum Op {
  OP_MOVE, OP_LOADI, OP_LOADF, OP_LOADK, OP_LOADKX, OP_LOADFALSE, OP_LFALSESKIP, OP_LOADTRUE, OP_LOADNIL,
  OP_GETUPVAL, OP_SETUPVAL, OP_GETTABUP, OP_GETTABLE, OP_GETI, OP_GETFIELD, OP_SETTABUP, OP_SETTABLE, OP_SETI,
  OP_SETFIELD, OP_NEWTABLE, OP_SELF, OP_ADDI, OP_ADDK, OP_SUBK, OP_MULK, OP_MODK, OP_POWK, OP_DIVK, OP_IDIVK,
  OP_BANDK, OP_BORK, OP_BXORK, OP_SHRI, OP_SHLI, OP_ADD, OP_SUB, OP_MUL, OP_MOD, OP_POW, OP_DIV, OP_IDIV, OP_BAND,
  OP_BOR, OP_BXOR, OP_SHL, OP_SHR, OP_MMBIN, OP_MMBINI, OP_MMBINK, OP_UNM, OP_BNOT, OP_NOT, OP_LEN, OP_CONCAT,
  OP_CLOSE, OP_TBC, OP_JMP, OP_EQ, OP_LT, OP_LE, OP_EQK, OP_EQI, OP_LTI, OP_LEI, OP_GTI, OP_GEI, OP_TEST,
  OP_TESTSET, OP_CALL, OP_TAILCALL, OP_RETURN, OP_RETURN0, OP_RETURN1, OP_FORLOOP, OP_FORPREP, OP_TFORPREP,
  OP_TFORCALL, OP_TFORLOOP, OP_SETLIST, OP_CLOSURE, OP_VARARG, OP_VARARGPREP, OP_EXTRAARG
};

int op_of(uint32_t i) { return static_cast<int>(i & 0x7f); }
int arg_a(uint32_t i) { return static_cast<int>((i >> 7) & 0xff); }
bool arg_k(uint32_t i) { return ((i >> 15) & 1) != 0; }
int arg_b(uint32_t i) { return static_cast<int>((i >> 16) & 0xff); }
int arg_c(uint32_t i) { return static_cast<int>((i >> 24) & 0xff); }
int arg_bx(uint32_t i) { return static_cast<int>(i >> 15); }
int arg_ax(uint32_t i) { return static_cast<int>(i >> 7); }

// Instructions that do not write register A (they read it, or have no A).
bool keeps_a(int op) {
  switch (op) {
    case OP_SETUPVAL: case OP_SETTABUP: case OP_SETTABLE: case OP_SETI: case OP_SETFIELD:
    case OP_MMBIN: case OP_MMBINI: case OP_MMBINK: case OP_CLOSE: case OP_TBC: case OP_JMP:
    case OP_EQ: case OP_LT: case OP_LE: case OP_EQK: case OP_EQI: case OP_LTI: case OP_LEI: case OP_GTI:
    case OP_GEI: case OP_TEST: case OP_RETURN: case OP_RETURN0: case OP_RETURN1: case OP_SETLIST:
    case OP_VARARGPREP: case OP_EXTRAARG:
      return true;
    default:
      return false;
  }
}

// luaG_getfuncline.
int line_of(const Proto& f, int pc) {
  if (f.lineinfo.empty()) return f.linedefined;
  int basepc = -1;
  int line = f.linedefined;
  if (!f.abslineinfo.empty() && pc >= f.abslineinfo[0].first) {
    size_t i = 0;
    while (i + 1 < f.abslineinfo.size() && pc >= f.abslineinfo[i + 1].first) ++i;
    basepc = f.abslineinfo[i].first;
    line = f.abslineinfo[i].second;
  }
  while (basepc++ < pc && basepc < static_cast<int>(f.lineinfo.size())) line += f.lineinfo[basepc];
  return line;
}

// luaF_getlocalname: the local in register `reg` at `pc`, "" for a temporary.
std::string local_name(const Proto& f, int reg, int pc) {
  int n = reg + 1;
  for (const auto& v : f.locvars) {
    if (v.startpc > pc) break;
    if (pc < v.endpc && --n == 0) return v.name;
  }
  return {};
}

const std::string* string_constant(const Proto& f, int idx) {
  if (idx < 0 || idx >= static_cast<int>(f.k.size())) return nullptr;
  const Constant& c = f.k[idx];
  return c.tag == kTagShortString || c.tag == kTagLongString ? &c.text : nullptr;
}

bool nil_constant(const Proto& f, int idx) {
  return idx >= 0 && idx < static_cast<int>(f.k.size()) && f.k[idx].tag == kTagNil;
}

// Every access of `f` to the _ENV upvalue `env` (-1: none), and the names of
// the functions it creates (by proto index).
void scan(const Proto& f, int env, std::vector<Access>& accesses, std::vector<std::string>& names) {
  names.assign(f.protos.size(), std::string());
  // What a register is known to hold: _ENV, or a string constant (its index).
  const int nregs = 256;
  std::vector<char> holds_env(nregs, 0);
  std::vector<int> holds_key(nregs, -1);
  auto clobber_from = [&](int a) {
    for (int r = a; r < nregs; ++r) {
      holds_env[r] = 0;
      holds_key[r] = -1;
    }
  };
  // Functions created and not yet named: register, proto index, pc.
  struct Pending {
    int reg, proto, pc;
  };
  std::vector<Pending> pending;
  auto name_pending = [&](int reg, const std::string& name) {
    for (auto& p : pending)
      if (p.reg == reg && names[p.proto].empty()) names[p.proto] = name;
  };
  // The table in register `reg` at `pc`: a local's name or a global just read.
  auto table_name = [&](int reg, int pc) -> std::string {
    std::string n = local_name(f, reg, pc);
    if (!n.empty()) return n;
    for (const auto& a : accesses)
      if (!a.write && a.pc < pc && a.pc >= pc - 2 && a.value_reg == reg) n = a.name;
    return n;
  };
  auto field_name = [&](int table_reg, int pc, const std::string& field, int proto) {
    const std::string t = table_name(table_reg, pc);
    if (t.empty()) return field;
    const Proto& child = f.protos[proto];
    const bool method =
        child.numparams > 0 && !child.locvars.empty() && child.locvars[0].name == "self" && child.locvars[0].startpc == 0;
    return t + (method ? ":" : ".") + field;
  };
  auto add = [&](int pc, const std::string* name, bool write, bool k, int value) {
    if (!name) return;
    Access a{pc, *name, write, write && k && nil_constant(f, value), write ? (k ? -1 : value) : value};
    accesses.push_back(std::move(a));
  };

  const int n = static_cast<int>(f.code.size());
  for (int pc = 0; pc < n; ++pc) {
    const uint32_t i = f.code[pc];
    const int op = op_of(i), a = arg_a(i), b = arg_b(i), c = arg_c(i);
    const bool k = arg_k(i);
    // Name the functions just created, from where this instruction stores them.
    if (!pending.empty() && !k) {
      if (op == OP_SETTABUP && a == env && string_constant(f, b)) {
        name_pending(c, *string_constant(f, b));
      } else if (op == OP_SETFIELD && string_constant(f, b)) {
        for (auto& p : pending)
          if (p.reg == c && names[p.proto].empty())
            names[p.proto] = holds_env[a] ? *string_constant(f, b) : field_name(a, pc, *string_constant(f, b), p.proto);
      } else if (op == OP_SETTABLE && holds_env[a] && string_constant(f, holds_key[b])) {
        name_pending(c, *string_constant(f, holds_key[b]));
      }
    }
    if (op != OP_CLOSURE && !pending.empty()) {
      for (auto& p : pending)
        if (names[p.proto].empty()) names[p.proto] = local_name(f, p.reg, pc);
      pending.clear();
    }
    switch (op) {
      case OP_GETTABUP:
        if (b == env) add(pc, string_constant(f, c), false, false, a);
        break;
      case OP_SETTABUP:
        if (a == env) add(pc, string_constant(f, b), true, k, c);
        break;
      case OP_GETFIELD:
        if (holds_env[b]) add(pc, string_constant(f, c), false, false, a);
        break;
      case OP_GETTABLE:
        if (holds_env[b]) add(pc, string_constant(f, holds_key[c]), false, false, a);
        break;
      case OP_SETFIELD:
        if (holds_env[a]) add(pc, string_constant(f, b), true, k, c);
        break;
      case OP_SETTABLE:
        if (holds_env[a]) add(pc, string_constant(f, holds_key[b]), true, k, c);
        break;
      case OP_CLOSURE:
        if (arg_bx(i) < static_cast<int>(f.protos.size())) pending.push_back({a, arg_bx(i), pc});
        break;
      default:
        break;
    }
    if (!keeps_a(op)) clobber_from(a);
    if (op == OP_GETUPVAL && b == env) holds_env[a] = 1;
    if (op == OP_LOADK) holds_key[a] = arg_bx(i);
    if (op == OP_LOADKX && pc + 1 < n && op_of(f.code[pc + 1]) == OP_EXTRAARG) holds_key[a] = arg_ax(f.code[pc + 1]);
  }
  for (auto& p : pending)
    if (names[p.proto].empty()) names[p.proto] = local_name(f, p.reg, n);
}

// The _ENV upvalue of a function whose parent's is `parent_env` (the main
// chunk's is its first upvalue): one that captures the parent's, not a local
// named _ENV.
int env_upvalue(const Proto& f, int parent_env, bool main) {
  for (size_t u = 0; u < f.upvalues.size(); ++u) {
    if (f.upvalues[u].name != "_ENV") continue;
    if (main || (f.upvalues[u].instack == 0 && f.upvalues[u].idx == parent_env)) return static_cast<int>(u);
  }
  return -1;
}

}  // namespace bytecode

using namespace bytecode;

namespace {

// Where each upvalue of a function leads: a local of a call (gone when the
// call returns), or a variable that outlives every call (a local of the file
// or the file's _ENV, or one captured while the rules loaded).
enum class Reach { kCall, kFile, kCaptured };

// SETUPVAL A B: upvalue B := register A.
void find_writes(const Proto& f, int env, const std::vector<Reach>& reach, const std::string& file,
                 const std::string& name, const std::string& enclosing, std::vector<UpvalueWrite>& out) {
  std::vector<Access> accesses;
  std::vector<std::string> names;
  scan(f, env, accesses, names);  // for the names of the functions it makes
  const std::string where = !name.empty() ? "function '" + name + "'"
                                          : "a function at line " + std::to_string(f.linedefined) +
                                                (enclosing.empty() ? "" : " in '" + enclosing + "'");
  for (size_t pc = 0; pc < f.code.size(); ++pc) {
    const uint32_t i = f.code[pc];
    if (op_of(i) != OP_SETUPVAL) continue;
    const int b = arg_b(i);
    if (b >= static_cast<int>(reach.size()) || reach[b] == Reach::kCall) continue;
    out.push_back({file, line_of(f, static_cast<int>(pc)), where, f.upvalues[b].name, reach[b] == Reach::kFile});
  }
  for (size_t c = 0; c < f.protos.size(); ++c) {
    const Proto& child = f.protos[c];
    std::vector<Reach> inner;
    for (const auto& u : child.upvalues)
      inner.push_back(u.instack ? Reach::kCall
                                : (u.idx < static_cast<int>(reach.size()) ? reach[u.idx] : Reach::kCall));
    find_writes(child, env_upvalue(child, env, false), inner, file, names[c], name.empty() ? enclosing : name, out);
  }
}

bool undump(const std::string& dump, Proto& main) {
  Undump u(dump);
  if (!u.header()) return false;
  u.byte();  // the closure's number of upvalues
  u.function(main);
  return u.ok();
}

std::string file_of(const Proto& main) {
  return !main.source.empty() && (main.source[0] == '@' || main.source[0] == '=') ? main.source.substr(1)
                                                                                   : main.source;
}

}  // namespace

namespace {

// Whether register `r`, just loaded with an upvalue's table at `pc`, is
// read only as the table of the indexing (or #) that follows at once: the
// code the compiler makes for t[k] with t an upvalue (only constants may be
// loaded into other registers in between).
bool indexed_at_once(const Proto& f, size_t pc, int r) {
  for (size_t q = pc + 1; q < f.code.size(); ++q) {
    const uint32_t i = f.code[q];
    const int op = op_of(i), a = arg_a(i);
    switch (op) {
      case OP_GETTABLE: return arg_b(i) == r && arg_c(i) != r;
      case OP_GETI:
      case OP_GETFIELD:
      case OP_LEN: return arg_b(i) == r;
      case OP_LOADK:
      case OP_LOADI:
      case OP_LOADF:
      case OP_LOADFALSE:
      case OP_LOADTRUE:
        if (a == r) return true;  // overwritten unread
        break;
      case OP_LOADKX:
        if (a == r) return true;
        ++q;  // its EXTRAARG
        break;
      case OP_LOADNIL:
        if (r >= a && r <= a + arg_b(i)) return true;
        break;
      default: return false;
    }
  }
  return false;
}

// Whether the upvalues marked in `tracked` are only read from in `f` and the
// functions nested in it.
bool only_read(const Proto& f, const std::vector<bool>& tracked) {
  auto is_tracked = [&](int u) { return u >= 0 && u < static_cast<int>(tracked.size()) && tracked[u]; };
  for (size_t pc = 0; pc < f.code.size(); ++pc) {
    const uint32_t i = f.code[pc];
    switch (op_of(i)) {
      case OP_SETTABUP:
        if (is_tracked(arg_a(i))) return false;
        break;
      case OP_SETUPVAL:
        if (is_tracked(arg_b(i))) return false;
        break;
      case OP_GETUPVAL:
        if (is_tracked(arg_b(i)) && !indexed_at_once(f, pc, arg_a(i))) return false;
        break;
      default: break;
    }
  }
  for (const Proto& child : f.protos) {
    std::vector<bool> inner;
    bool any = false;
    for (const auto& u : child.upvalues) {
      inner.push_back(!u.instack && is_tracked(u.idx));
      any = any || inner.back();
    }
    if (any && !only_read(child, inner)) return false;
  }
  return true;
}

}  // namespace

namespace {

void read_globals(const Proto& f, const std::vector<bool>& env, std::map<std::string, bool>& indexed, bool& dynamic) {
  auto is_env = [&](int u) { return u >= 0 && u < static_cast<int>(env.size()) && env[u]; };
  for (size_t pc = 0; pc < f.code.size(); ++pc) {
    const uint32_t i = f.code[pc];
    if (op_of(i) == OP_GETTABUP && is_env(arg_b(i))) {
      if (const std::string* name = string_constant(f, arg_c(i))) {
        const bool at_once = indexed_at_once(f, pc, arg_a(i));
        auto [it, fresh] = indexed.try_emplace(*name, at_once);
        if (!fresh) it->second = it->second && at_once;
      }
    } else if (op_of(i) == OP_GETUPVAL && is_env(arg_b(i))) {
      dynamic = true;
    }
  }
  for (const Proto& child : f.protos) {
    std::vector<bool> inner;
    bool any = false;
    for (const auto& u : child.upvalues) {
      inner.push_back(!u.instack && is_env(u.idx));
      any = any || inner.back();
    }
    if (any) read_globals(child, inner, indexed, dynamic);
  }
}

}  // namespace

struct Bytecode::Parsed {
  Proto f;
  bool ok = false;
};

Bytecode::Bytecode(const std::string& dump) : parsed_(std::make_unique<Parsed>()) {
  parsed_->ok = undump(dump, parsed_->f);
}

Bytecode::~Bytecode() = default;
Bytecode::Bytecode(Bytecode&&) noexcept = default;
Bytecode& Bytecode::operator=(Bytecode&&) noexcept = default;

bool Bytecode::ok() const { return parsed_->ok; }

void Bytecode::global_reads(int env, std::map<std::string, bool>& indexed, bool& dynamic) const {
  const Proto& f = parsed_->f;
  if (!parsed_->ok || env < 0 || env >= static_cast<int>(f.upvalues.size())) {
    dynamic = true;
    return;
  }
  std::vector<bool> tracked(f.upvalues.size(), false);
  tracked[env] = true;
  read_globals(f, tracked, indexed, dynamic);
}

bool Bytecode::upvalue_only_read(int index) const {
  const Proto& f = parsed_->f;
  if (!parsed_->ok || index < 0 || index >= static_cast<int>(f.upvalues.size())) return false;
  std::vector<bool> tracked(f.upvalues.size(), false);
  tracked[index] = true;
  return only_read(f, tracked);
}

std::vector<UpvalueWrite> Bytecode::captured_writes(const std::string& name) const {
  std::vector<UpvalueWrite> out;
  const Proto& f = parsed_->f;
  if (!parsed_->ok) return out;
  // Every upvalue of a function alive when the rules finish loading outlives the call.
  int env = -1;  // its _ENV, by name: it has no parent here
  for (size_t u = 0; u < f.upvalues.size(); ++u)
    if (f.upvalues[u].name == "_ENV") env = static_cast<int>(u);
  find_writes(f, env, std::vector<Reach>(f.upvalues.size(), Reach::kCaptured), file_of(f), name, "", out);
  return out;
}

std::vector<UpvalueWrite> file_local_writes(const std::string& dump) {
  std::vector<UpvalueWrite> out;
  Proto main;
  if (!undump(dump, main)) return out;
  // The main chunk runs once, at load: its own writes are the file's set-up.
  std::vector<std::string> names;
  std::vector<Access> accesses;
  const int env = env_upvalue(main, -1, true);
  scan(main, env, accesses, names);
  for (size_t c = 0; c < main.protos.size(); ++c) {
    const Proto& child = main.protos[c];
    std::vector<Reach> reach(child.upvalues.size(), Reach::kFile);  // a local of the file, or its _ENV
    find_writes(child, env_upvalue(child, env, false), reach, file_of(main), names[c], "", out);
  }
  return out;
}

std::string describe(const UpvalueWrite& w) {
  const char* what = w.name == "_ENV" ? "the environment of the file"
                     : w.file_local    ? "a local of the file"
                                       : "a variable it captured while the rules loaded";
  return w.file + ":" + std::to_string(w.line) + ": " + w.where + " assigns '" + w.name + "', " + what +
         ": it would outlive the call and not be saved; keep it in vars";
}

}  // namespace cardboard
