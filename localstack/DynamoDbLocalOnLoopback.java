import java.lang.reflect.Field;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * DynamoDB Local bound to one address (system property bind.host, default 127.0.0.1), closed to web
 * pages. DynamoDB Local has no bind-address option: its Jetty connector listens on every interface,
 * so anyone on the network could read and write the local table. This sets the host of that
 * connector before the server starts, and puts emulator-guard.mjs's rules in front of its handler:
 * a Host other than its own loopback names gets 421 (DNS rebinding), a request from a web page
 * (any Origin header, or Sec-Fetch-Site cross-site) gets 403; the SDK sends neither.
 * Run by localstack/emulators.ts in Java's source-file mode (no build).
 */
public class DynamoDbLocalOnLoopback {
  public static void main(String[] args) throws Exception {
    String host = System.getProperty("bind.host", "127.0.0.1");
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    for (Connector connector : server.getConnectors()) ((ServerConnector) connector).setHost(host);
    server.setHandler(new Guard(server.getHandler()));
    proxy.start();
    System.out.println("DynamoDB Local listening on " + host);
  }

  /** The loopback Host names only, and no web page's call (the portal's browser code never calls DynamoDB). */
  static final class Guard extends Handler.Wrapper {
    Guard(Handler inner) {
      super(inner);
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
      int port = Request.getLocalPort(request);
      String hostHeader = request.getHeaders().get(HttpHeader.HOST);
      String given = hostHeader == null ? "" : hostHeader.toLowerCase();
      if (!given.equals("127.0.0.1:" + port) && !given.equals("localhost:" + port)) {
        Response.writeError(request, response, callback, 421, "This emulator answers only its own loopback host names");
        return true;
      }
      String site = request.getHeaders().get("Sec-Fetch-Site");
      boolean fromPage = request.getHeaders().get(HttpHeader.ORIGIN) != null || "cross-site".equalsIgnoreCase(site);
      if (fromPage) {
        Response.writeError(request, response, callback, 403, "This emulator refuses calls from web pages");
        return true;
      }
      return super.handle(request, response, callback);
    }
  }
}
