import { useApolloClient } from "@apollo/client/react";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { readSession, writeSession, type Session } from "./session-storage";

interface SessionValue {
  session: Session | null;
  signIn(session: Session): void;
  signOut(): void;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  const [session, setSession] = useState<Session | null>(readSession);
  const signIn = useCallback(
    (next: Session) => {
      writeSession(next);
      setSession(next);
      void client.clearStore();
    },
    [client],
  );
  const signOut = useCallback(() => {
    writeSession(null);
    setSession(null);
    void client.clearStore();
  }, [client]);
  const value = useMemo(() => ({ session, signIn, signOut }), [session, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession is used outside SessionProvider");
  return value;
}

/** True when the signed-in credential may change things (viewers see no write buttons). */
export function useCanWrite(): boolean {
  const role = useSession().session?.role;
  return role === "ADMIN" || role === "EDITOR" || role === "PLATFORM";
}
