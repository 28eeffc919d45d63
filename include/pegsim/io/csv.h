// Small helpers shared by the CSV writers.
#pragma once

#include <fstream>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

namespace pegsim {

// A CSV field: quoted (with "" for ") when it holds a comma, quote, CR or LF (RFC 4180).
std::string csv_field(std::string_view text);

// "%.17g": enough digits that parsing the text gives back the same double. nan / inf / -inf for
// non-finite values.
std::string format_double(double value);

// Opens (creates or truncates) a file for writing; throws std::runtime_error naming the path.
std::unique_ptr<std::ofstream> open_output_file(const std::string& path);
// Throws std::runtime_error "<name>: write failed" when the stream is in a failed state.
void check_stream(const std::ostream& out, const std::string& name);

}  // namespace pegsim
