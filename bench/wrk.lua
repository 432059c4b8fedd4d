-- Drives wrk through a plan's requests in turn (each thread from its own offset) and prints one
-- JSON line of results when the run ends. The requests come from the file named by PLAN_REQUESTS:
-- one request a line, fields separated by tabs: method, path, headers (name:value;...), body.
local lines = {}
local file = io.open(os.getenv("PLAN_REQUESTS"), "r")
for line in file:lines() do lines[#lines + 1] = line end
file:close()

-- Formatted in init, once wrk knows the Host header: headers given to wrk.format replace its own.
local requests = {}
local function format()
  for _, line in ipairs(lines) do
    local method, path, headers, body = line:match("^([^\t]*)\t([^\t]*)\t([^\t]*)\t(.*)$")
    local h = { Host = wrk.headers["Host"] or (wrk.host .. ":" .. wrk.port) }
    for name, value in headers:gmatch("([^:;]+):([^;]*)") do h[name] = value end
    requests[#requests + 1] = wrk.format(method, path, h, body ~= "" and body or nil)
  end
end

local counter = 0
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("start", threads)
end
function init()
  counter = tonumber(start or 1)
  format()
end
function request()
  counter = counter + 1
  return requests[(counter % #requests) + 1]
end

function done(summary, latency, _)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"non2xx":%d,"errors":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.status, e.connect + e.read + e.write + e.timeout))
end
