#include "Args.h"

#include <stdexcept>

namespace fftscope::cli {

Args::Args(const std::vector<std::string>& words, const std::set<std::string>& valueOptions,
           const std::set<std::string>& flagOptions) {
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (w.rfind("--", 0) != 0) {
      positional_.push_back(w);
      continue;
    }
    std::string name = w.substr(2);
    std::string inlineValue;
    bool hasInline = false;
    if (auto eq = name.find('='); eq != std::string::npos) {
      inlineValue = name.substr(eq + 1);
      name = name.substr(0, eq);
      hasInline = true;
    }
    if (flagOptions.count(name)) {
      flags_.insert(name);
    } else if (valueOptions.count(name)) {
      if (hasInline) {
        values_[name] = inlineValue;
      } else {
        if (i + 1 >= words.size()) throw std::invalid_argument("option --" + name + " needs a value");
        values_[name] = words[++i];
      }
    } else {
      throw std::invalid_argument("unknown option --" + name);
    }
  }
}

std::string Args::value(const std::string& name, const std::string& fallback) const {
  auto it = values_.find(name);
  return it == values_.end() ? fallback : it->second;
}

std::string Args::required(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) throw std::invalid_argument("option --" + name + " is required");
  return it->second;
}

long long Args::integer(const std::string& name, long long fallback) const {
  auto it = values_.find(name);
  if (it == values_.end()) return fallback;
  try {
    std::size_t used = 0;
    long long v = std::stoll(it->second, &used);
    if (used != it->second.size()) throw std::invalid_argument("");
    return v;
  } catch (const std::exception&) {
    throw std::invalid_argument("option --" + name + " takes a whole number, not '" + it->second + "'");
  }
}

}  // namespace fftscope::cli
