# A weather agent in Python, with the standard library only, that reaches its MCP server the way a
# host (an IDE, a desktop app) does: it reads the mcpServers entry in mcp.json, starts that command
# and speaks newline-delimited JSON-RPC to it over stdio. The entry starts the server through
# `mcp-contract record`, so what the agent uses is written to contracts/ when it disconnects.
#   python3 agent.py [city]
import json, subprocess, sys

with open("mcp.json") as config:
    entry = json.load(config)["mcpServers"]["weather"]
server = subprocess.Popen([entry["command"], *entry.get("args", [])], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

def request(request_id, method, params):
    """Sends a request and answers its result (other messages, such as notifications, are skipped)."""
    server.stdin.write((json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}) + "\n").encode())
    server.stdin.flush()
    while True:
        line = server.stdout.readline()
        if not line:
            raise SystemExit("the weather server closed its stdout")
        message = json.loads(line)
        if message.get("id") == request_id and "method" not in message:
            if "error" in message:
                raise SystemExit(f"{method} failed: {message['error']['message']}")
            return message["result"]

city = sys.argv[1] if len(sys.argv) > 1 else "Melbourne"
request(1, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "py-agent", "version": "1.0.0"}})
server.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
# As a host does: list the tools to offer the model, then run the call the model asked for.
if "get_weather" not in [tool["name"] for tool in request(2, "tools/list", {})["tools"]]:
    raise SystemExit("the weather server offers no get_weather")
forecast = request(3, "tools/call", {"name": "get_weather", "arguments": {"city": city}})["structuredContent"]
print(f"{city}: {forecast['temperature']} °C, {forecast['conditions']}")
# Closing stdin is the disconnect: the proxy writes the contract, then exits with the server's status.
server.stdin.close()
sys.exit(server.wait())
