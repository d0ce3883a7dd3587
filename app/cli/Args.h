// A small command-line parser: `--name value`, `--flag`, and positional words. Unknown or
// missing options are reported with std::invalid_argument naming them.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

namespace fftscope::cli {

class Args {
 public:
  // valueOptions take a value; flagOptions do not. argv[0] and the command word are skipped.
  Args(const std::vector<std::string>& words, const std::set<std::string>& valueOptions,
       const std::set<std::string>& flagOptions);

  bool has(const std::string& name) const { return flags_.count(name) || values_.count(name); }
  std::string value(const std::string& name, const std::string& fallback = {}) const;
  std::string required(const std::string& name) const;
  long long integer(const std::string& name, long long fallback) const;
  const std::vector<std::string>& positional() const { return positional_; }

 private:
  std::map<std::string, std::string> values_;
  std::set<std::string> flags_;
  std::vector<std::string> positional_;
};

}  // namespace fftscope::cli
