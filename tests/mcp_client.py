"""Drives slotbook's MCP server with the official Python SDK (`mcp`), as an assistant would.

    python tests/mcp_client.py URL [BEARER] < calls.json

`calls.json` is a list of `[tool, arguments]`; a `confirm_token` of `"$last"` is the one the
last preview answered. Prints one JSON object: the negotiated protocol
version, the listed tools and, per call, `isError` and `structuredContent`. The SDK checks
each successful result against the tool's `outputSchema` itself (it fails the call if not).
"""

import asyncio
import json
import sys

from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client


async def main() -> None:
    url = sys.argv[1]
    headers = {"Authorization": f"Bearer {sys.argv[2]}"} if len(sys.argv) > 2 else None
    calls = json.load(sys.stdin)
    transport = streamable_http_client(url, http_client=create_mcp_http_client(headers=headers))
    out = {"calls": []}
    async with Client(transport) as client:
        out["protocol_version"] = client.protocol_version
        out["tools"] = [tool.name for tool in (await client.list_tools()).tools]
        last_token = None
        for name, arguments in calls:
            if arguments.get("confirm_token") == "$last":
                arguments["confirm_token"] = last_token
            result = await client.call_tool(name, arguments)
            if result.structured_content and "confirm_token" in result.structured_content:
                last_token = result.structured_content["confirm_token"]
            out["calls"].append(
                {"tool": name, "isError": bool(result.is_error), "structuredContent": result.structured_content}
            )
    print(json.dumps(out))


asyncio.run(main())
